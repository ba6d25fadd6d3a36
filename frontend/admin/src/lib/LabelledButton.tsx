import MuiButton from '@mui/material/Button';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, useTranslate, type ButtonProps } from 'react-admin';
import { usePhone } from './usePhone';

/**
 * react-admin's Button, except on a phone: there react-admin shows only the icon (its label a
 * tooltip, out of reach on a touch screen), so a row of a user's actions read as five unnamed
 * symbols. This one keeps the icon and the words at every width, 44 px tall on a phone.
 */
export function LabelledButton({
  label,
  children,
  to,
  ref,
  ...rest
}: Omit<ButtonProps, 'to'> & { label: string; to?: string; ref?: Ref<HTMLButtonElement> }) {
  const t = useTranslate();
  const phone = usePhone();
  if (!phone)
    return (
      <Button label={label} to={to} ref={ref} {...rest}>
        {children}
      </Button>
    );
  const link = to ? { component: RouterLink, to } : {};
  return (
    <MuiButton ref={ref} startIcon={children} color="primary" sx={{ minHeight: 44 }} {...link} {...rest}>
      {t(label, { _: label })}
    </MuiButton>
  );
}
