import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { CLIENT_DECIMALS } from '../../../../shared/constants';
import { decimalPlaces } from '../../decimal';

/**
 * A number input. For a number or integer field it is Semi's InputNumber; for a string field (a decimal
 * string such as an amount) BaseInputTemplate keeps the value a string, with the pattern's decimals or,
 * without one, the client's default decimals.
 */
export default function UpDownWidget(props: WidgetProps) {
  const { registry, options, schema } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const needsDecimals = schema.type === 'string' && decimalPlaces(schema, options) === undefined;
  const widgetOptions = needsDecimals ? { ...options, decimals: CLIENT_DECIMALS } : options;
  return <BaseInputTemplate {...props} options={widgetOptions} type="number" />;
}
