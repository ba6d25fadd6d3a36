import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocaleState, useLocales } from 'react-admin';

/**
 * The console's language menu. react-admin's LocalesMenuButton keeps its menu mounted while
 * closed: a portal whose first commit makes React render the menu again at once, in one
 * synchronous pass, on every start of the console (a long task on a phone). This one is not
 * kept mounted: MUI builds the menu when it opens and removes it once it has closed. The choice
 * is kept as before (i18nProvider.changeLocale).
 */
export function LanguageMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const menuId = useId();
  const choose = (next: string) => {
    setAnchor(null);
    setLocale(next);
  };
  return (
    <>
      <Button
        color="inherit"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === locale)?.name ?? locale}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language.locale}
            lang={language.locale}
            selected={language.locale === locale}
            onClick={() => choose(language.locale)}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
