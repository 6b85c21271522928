import { getTemplate, getUiOptions, type ArrayFieldItemTemplateProps } from '@rjsf/utils';

/** One array item: the item's field with its buttons beside it. */
export default function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, className, buttonsProps, hasToolbar, displayLabel, registry, uiSchema } = props;
  const ArrayFieldItemButtonsTemplate = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className={['rjsf-array-item', className].join(' ')} style={{ display: 'flex', alignItems: displayLabel ? 'center' : 'flex-start', gap: 8 }}>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {hasToolbar && (
        <div className="rjsf-array-item-toolbar" style={{ display: 'flex', gap: 4 }}>
          <ArrayFieldItemButtonsTemplate {...buttonsProps} />
        </div>
      )}
    </div>
  );
}
