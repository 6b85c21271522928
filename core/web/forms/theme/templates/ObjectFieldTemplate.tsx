import {
  buttonId,
  canExpand,
  descriptionId,
  getTemplate,
  getUiOptions,
  titleId,
  type ObjectFieldTemplateProps,
} from '@rjsf/utils';

/** An object: its title and description, then each property, then "add field" for additionalProperties. */
export default function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, required, disabled, readonly, schema, uiSchema, registry, formData } = props;
  const { onAddProperty, optionalDataControl } = props;
  const uiOptions = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const showOptionalControlInTitle = !readonly && !disabled;
  return (
    <fieldset id={fieldPathId.$id} className="rjsf-object" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {title && (
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={showOptionalControlInTitle ? optionalDataControl : undefined}
        />
      )}
      {description && (
        <DescriptionFieldTemplate
          id={descriptionId(fieldPathId)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {!showOptionalControlInTitle ? optionalDataControl : null}
      {properties.map((property) => property.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-object-property-expand"
          disabled={disabled || readonly}
          onClick={onAddProperty}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}
