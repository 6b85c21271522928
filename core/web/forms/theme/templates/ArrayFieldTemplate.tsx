import { buttonId, getTemplate, getUiOptions, type ArrayFieldTemplateProps } from '@rjsf/utils';

/** An array: title, description, the items (each with its move/copy/remove buttons), then "add". */
export default function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, registry, required, schema, title } = props;
  const { optionalDataControl } = props;
  const uiOptions = getUiOptions(uiSchema);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const showOptionalControlInTitle = !readonly && !disabled;
  return (
    <fieldset id={fieldPathId.$id} className={['rjsf-array', className ?? ''].join(' ').trim()} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <ArrayFieldTitleTemplate
        fieldPathId={fieldPathId}
        title={uiOptions.title || title}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        optionalDataControl={showOptionalControlInTitle ? optionalDataControl : undefined}
      />
      <ArrayFieldDescriptionTemplate
        fieldPathId={fieldPathId}
        description={uiOptions.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      {!showOptionalControlInTitle ? optionalDataControl : null}
      <div className="rjsf-array-items">{items}</div>
      {canAdd && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          disabled={disabled || readonly}
          onClick={onAddClick}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}
