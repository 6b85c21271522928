import { ADDITIONAL_PROPERTY_FLAG, buttonId, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { FORMS_NS } from '../../i18n';
import { Input, Label } from '../semi';

/** For additionalProperties: the key's own input and a remove button beside the value. */
export default function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, label, children, disabled, readonly, required, schema, uiSchema, registry, onKeyRenameBlur, onRemoveProperty } = props;
  const { t } = useTranslation(FORMS_NS, { useSuspense: false });
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) return <>{children}</>;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const keyId = `${id}-key`;
  return (
    <div className="rjsf-additional" style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <div style={{ flex: 1 }}>
        <Label name={keyId} text={t('object.key')} required={required} />
        <Input id={keyId} defaultValue={label} disabled={disabled || readonly} onBlur={onKeyRenameBlur} />
      </div>
      <div style={{ flex: 2 }}>{children}</div>
      <RemoveButton
        id={buttonId(id, 'remove')}
        className="rjsf-object-property-remove"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
        uiSchema={uiSchema}
        registry={registry}
      />
    </div>
  );
}
