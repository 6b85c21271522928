import type { ReactNode } from 'react';
import type { IconButtonProps } from '@rjsf/utils';
import { IconArrowDown, IconArrowUp, IconClose, IconCopy, IconDelete, IconPlus } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { FORMS_NS } from '../../i18n';
import { Button } from '../semi';

interface SemiIconButtonProps extends IconButtonProps {
  labelKey: string;
  semiIcon: ReactNode;
  danger?: boolean;
  showText?: boolean;
}

function SemiIconButton({ id, className, disabled, onClick, labelKey, semiIcon, danger, showText, style }: SemiIconButtonProps) {
  const { t } = useTranslation(FORMS_NS, { useSuspense: false });
  const label = t(labelKey);
  return (
    <Button
      id={id}
      className={className}
      style={style}
      icon={semiIcon}
      type={danger ? 'danger' : 'tertiary'}
      theme={showText ? 'light' : 'borderless'}
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {showText ? label : undefined}
    </Button>
  );
}

export function AddButton(props: IconButtonProps) {
  return <SemiIconButton {...props} labelKey="array.add" semiIcon={<IconPlus />} showText />;
}
export function CopyButton(props: IconButtonProps) {
  return <SemiIconButton {...props} labelKey="array.copy" semiIcon={<IconCopy />} />;
}
export function MoveUpButton(props: IconButtonProps) {
  return <SemiIconButton {...props} labelKey="array.moveUp" semiIcon={<IconArrowUp />} />;
}
export function MoveDownButton(props: IconButtonProps) {
  return <SemiIconButton {...props} labelKey="array.moveDown" semiIcon={<IconArrowDown />} />;
}
export function RemoveButton(props: IconButtonProps) {
  return <SemiIconButton {...props} labelKey="array.remove" semiIcon={<IconDelete />} danger />;
}
export function ClearButton(props: IconButtonProps) {
  return <SemiIconButton {...props} labelKey="array.clear" semiIcon={<IconClose />} />;
}
