// The Semi UI components the form theme uses, imported one by one: the package root
// also pulls in every other component (and lottie), which a form page does not need.
export { default as Button } from '@douyinfe/semi-ui-19/lib/es/button';
export { default as Checkbox } from '@douyinfe/semi-ui-19/lib/es/checkbox';
export { default as CheckboxGroup } from '@douyinfe/semi-ui-19/lib/es/checkbox/checkboxGroup';
export { default as DatePicker } from '@douyinfe/semi-ui-19/lib/es/datePicker';
export { default as Input } from '@douyinfe/semi-ui-19/lib/es/input';
export { default as InputNumber } from '@douyinfe/semi-ui-19/lib/es/inputNumber';
export { default as Label } from '@douyinfe/semi-ui-19/lib/es/form/label';
export { default as Radio } from '@douyinfe/semi-ui-19/lib/es/radio';
export { default as RadioGroup } from '@douyinfe/semi-ui-19/lib/es/radio/radioGroup';
export { default as Select } from '@douyinfe/semi-ui-19/lib/es/select';
export { default as Spin } from '@douyinfe/semi-ui-19/lib/es/spin';
export { default as Switch } from '@douyinfe/semi-ui-19/lib/es/switch';
export { default as TextArea } from '@douyinfe/semi-ui-19/lib/es/input/textarea';
export { default as Typography } from '@douyinfe/semi-ui-19/lib/es/typography';
export { default as Banner } from '@douyinfe/semi-ui-19/lib/es/banner';
// Label and the field classes (semi-form-field-*) are styled by the form stylesheet.
import '@douyinfe/semi-foundation/lib/es/form/form.css';
