import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../lib/i18n';
import { tellServerLanguage } from '../lib/languageSync';
import { LANGUAGES, type LanguageCode } from '../lib/languages';
import { radioGroup } from '../lib/radioGroup';
import { Flag } from './Flag';
import { Hint } from './Hint';

function useLanguage(): [LanguageCode, (c: LanguageCode) => void] {
  const { i18n } = useTranslation();
  void i18n.language; // re-render on change
  return [
    currentLanguage(),
    (c) => {
      void setLanguage(c);
      void tellServerLanguage(c);
    },
  ];
}

/**
 * The top bar's language switcher: a small button with a pop-up list. Hand-written (no antd
 * Dropdown) so the first-load bundle stays small.
 */
export function LanguageSwitcher({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [lang, change] = useLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current = LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0];

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    // the menu pattern's keys: Escape gives focus back to the button, arrows, Home and End move it,
    // Tab and Shift+Tab close the menu and go on from the button as they would without it
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') {
        setOpen(false);
        return;
      }
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
        return;
      }
      const options = [...(root.current?.querySelectorAll<HTMLButtonElement>('.lang-option') ?? [])];
      const at = options.indexOf(document.activeElement as HTMLButtonElement);
      const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
      if (!(e.key in moves) || options.length === 0) return;
      e.preventDefault();
      options.at(moves[e.key]! % options.length)?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="lang" ref={root}>
      <Hint text={t('language.choose')}>
        <button
          ref={trigger}
          type="button"
          className="lang-trigger"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {/* the name starts with the visible code ("EN"), then says what the button does (WCAG 2.5.3) */}
          <Flag code={current.code} />
          {!compact && <span>{current.code.toUpperCase()}</span>}
          <span className="visually-hidden">
            {compact ? '' : ' — '}
            {t('language.current', { language: current.name })}
          </span>
          <span className="lang-caret" aria-hidden="true">
            ▼
          </span>
        </button>
      </Hint>
      {open && (
        <ul className="lang-menu" id={listId} role="menu" aria-label={t('language.label')}>
          {LANGUAGES.map((l) => (
            <li key={l.code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={l.code === lang}
                // one stop for Tab: the arrows move between the items, Tab leaves the menu
                tabIndex={-1}
                lang={l.code}
                className="lang-option"
                onClick={() => {
                  change(l.code);
                  setOpen(false);
                  trigger.current?.focus();
                }}
              >
                <Flag code={l.code} />
                {l.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The three languages side by side (menu, settings). */
export function LanguageList() {
  const { t } = useTranslation();
  const [lang, change] = useLanguage();
  const radios = radioGroup(
    LANGUAGES.map((l) => l.code),
    lang,
    change,
  );
  return (
    <div className="lang-list" {...radios.group} aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <button key={l.code} type="button" {...radios.radio(l.code)} lang={l.code} className="lang-option">
          <Flag code={l.code} />
          <span>{l.name}</span>
        </button>
      ))}
    </div>
  );
}
