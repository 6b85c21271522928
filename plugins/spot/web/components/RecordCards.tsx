import type { ReactNode } from 'react';
import { INVALID_NUMBER_DISPLAY } from '../../../../core/shared';

/** What a card takes of a table column: its title and how a record's value reads. */
export interface CardColumn<T> {
  title: ReactNode;
  dataIndex: string;
  render?: (value: never, record: T) => ReactNode;
  /** The class of the column's cells, and of its field on a card. */
  className?: string;
}

/** The column class of a table's action buttons (Cancel): on a card they sit in its foot. */
export const ACTION_COLUMN = 'spot-table__action';

interface RecordCardsProps<T> {
  records: readonly T[];
  columns: readonly CardColumn<T>[];
  rowKey: keyof T & string;
  /** Columns shown on the card's first line without their titles; the last one at its end (a status). */
  head: readonly string[];
  /** Columns on the muted second line (a time). */
  note: readonly string[];
  /** Attributes of a record's card, as a table row's. */
  cardProps?: (record: T) => Record<string, unknown>;
  /** More buttons in the card's foot, after the action columns'. */
  actions?: (record: T) => ReactNode;
  /** What the card shows under its foot (a record's details when opened). */
  details?: (record: T) => ReactNode;
  empty: ReactNode;
  'data-testid'?: string;
}

/**
 * Records as cards for a phone, from the columns of their table: a head line and a note line, then the other
 * columns as title / value pairs (those with nothing to show left out), then the action buttons.
 */
export function RecordCards<T>({ records, columns, rowKey, head, note, cardProps, actions, details, empty, ...rest }: RecordCardsProps<T>) {
  if (records.length === 0) return <div className="spot-cards spot-cards--empty" data-testid={rest['data-testid']}>{empty}</div>;
  const value = (column: CardColumn<T>, record: T): ReactNode => {
    const raw = (record as Record<string, unknown>)[column.dataIndex];
    return column.render ? column.render(raw as never, record) : (raw as ReactNode);
  };
  const pick = (names: readonly string[]) => names.flatMap((name) => columns.filter((column) => column.dataIndex === name && column.className !== ACTION_COLUMN));
  const [headColumns, noteColumns] = [pick(head), pick(note)];
  const fields = columns.filter((column) => column.className !== ACTION_COLUMN && !head.includes(column.dataIndex) && !note.includes(column.dataIndex));
  const actionColumns = columns.filter((column) => column.className === ACTION_COLUMN);
  return (
    <ul className="spot-cards" data-testid={rest['data-testid']}>
      {records.map((record) => {
        const key = String(record[rowKey]);
        const shown = fields.flatMap((column) => {
          const content = value(column, record);
          return content === null || content === undefined || content === INVALID_NUMBER_DISPLAY ? [] : [{ column, content }];
        });
        const buttons = [...actionColumns.map((column) => value(column, record)), actions?.(record)].filter((node) => node !== null && node !== undefined);
        return (
          <li key={key} className="spot-card" data-row-key={key} {...cardProps?.(record)}>
            <div className="spot-card__head">
              {headColumns.map((column) => (
                <span key={column.dataIndex} className="spot-card__part">
                  {value(column, record)}
                </span>
              ))}
            </div>
            {noteColumns.length > 0 && (
              <div className="spot-card__note">
                {noteColumns.map((column) => (
                  <span key={column.dataIndex}>{value(column, record)}</span>
                ))}
              </div>
            )}
            <dl className="spot-card__fields">
              {shown.map(({ column, content }) => (
                <div key={column.dataIndex} className={column.className ? `spot-card__field ${column.className}` : 'spot-card__field'}>
                  <dt>{column.title}</dt>
                  <dd>{content}</dd>
                </div>
              ))}
            </dl>
            {buttons.length > 0 && (
              <div className="spot-card__foot">
                {buttons.map((button, index) => (
                  <span key={index}>{button}</span>
                ))}
              </div>
            )}
            {details?.(record)}
          </li>
        );
      })}
    </ul>
  );
}
