import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocaleState, useLocales } from 'react-admin';
import { SPOKEN_ONLY } from './lib/spokenOnly';

/**
 * The language just chosen in the menu. react-admin renders the whole console again, from
 * scratch, once a new language is loaded (ra-core's I18nContextProvider changes its key): the
 * menu's button that MUI gave focus back to is replaced, and focus was lost. The new button
 * takes focus when it is mounted with that language.
 */
let focusAfterSwitch: string | null = null;

/**
 * On a phone the button shows its icons only, the language's name kept for screen readers (it
 * stays the button's name): the page's title beside it needs the room (Layout.tsx).
 */
const nameOnWideScreens = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: SPOKEN_ONLY });

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
  const button = useRef<HTMLButtonElement>(null);
  // on mounting only: the menu that was chosen from sees the new language first, then goes
  useEffect(() => {
    if (focusAfterSwitch !== locale) return;
    focusAfterSwitch = null;
    button.current?.focus();
  }, []); // the new console's first render only
  const choose = (next: string) => {
    setAnchor(null);
    if (next !== locale) focusAfterSwitch = next;
    setLocale(next);
  };
  return (
    <>
      <Button
        ref={button}
        color="inherit"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        <Box component="span" sx={nameOnWideScreens}>
          {languages.find((language) => language.locale === locale)?.name ?? locale}
        </Box>
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
