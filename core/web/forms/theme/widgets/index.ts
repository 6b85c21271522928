import type { RegistryWidgetsType } from '@rjsf/utils';
import CheckboxesWidget from './CheckboxesWidget';
import CheckboxWidget from './CheckboxWidget';
import DateTimeWidget from './DateTimeWidget';
import DateWidget from './DateWidget';
import FileWidget from './FileWidget';
import HiddenWidget from './HiddenWidget';
import RadioWidget from './RadioWidget';
import SelectWidget from './SelectWidget';
import SwitchWidget from './SwitchWidget';
import TextareaWidget from './TextareaWidget';
import UpDownWidget from './UpDownWidget';

// Text, email, url and password come from RJSF's own widgets, which render the theme's BaseInputTemplate.
export const widgets: RegistryWidgetsType = {
  CheckboxesWidget,
  CheckboxWidget,
  DateTimeWidget,
  DateWidget,
  FileWidget,
  HiddenWidget,
  RadioWidget,
  SelectWidget,
  SwitchWidget,
  TextareaWidget,
  UpDownWidget,
  // ui:widget names that RJSF has no built-in mapping for (or not for string fields).
  switch: SwitchWidget,
  updown: UpDownWidget,
};
