import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { secondFactorEndpoints, spacedKey } from '@portal/contracts/secondFactor/endpoints';
import { catalog, initialLocale } from '../i18n/i18nProvider';
import { consoleTheme } from '../theme';

type Tree = { [k: string]: string | Tree };

/** The console's texts without react-admin (this page shows before the console starts). */
function translate(key: string, params: Record<string, string> = {}) {
  const found = key
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      catalog(initialLocale()) as Tree,
    );
  const text = typeof found === 'string' ? found : key;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
const t = (key: string) => translate(`app.secondFactor.${key}`);

async function post<T>(path: string, body: unknown = {}): Promise<{ ok: boolean; body: T }> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: (await res.json().catch(() => ({}))) as T };
}

// this page shows before react-admin starts, so outside its theme: the same one, made here
const theme = createTheme(consoleTheme);

interface Enrolment {
  secret: string;
  qrCode: string;
}

/**
 * An admin without a second factor sees only this (issue 13, QUALITY 34): scan the QR code (or
 * type the key), confirm with a first code, save the recovery codes, then the console opens.
 */
export function SecondFactorEnrolment({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    const res = await post<Enrolment>(secondFactorEndpoints.startEnrolment.path);
    setBusy(false);
    if (res.ok) setEnrolment(res.body);
    else setError(t('failed'));
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const res = await post<{ recoveryCodes?: string[]; error?: string }>(
      secondFactorEndpoints.confirmEnrolment.path,
      { code },
    );
    setBusy(false);
    if (res.ok && res.body.recoveryCodes) setRecoveryCodes(res.body.recoveryCodes);
    else setError(res.body.error === 'invalid_code' ? t('wrongCode') : t('failed'));
  };

  const signOut = async () => {
    await post('/api/logout').catch(() => undefined);
    window.location.assign('/');
  };

  return (
    <ThemeProvider theme={theme}>
      {/* as react-admin's own: no body margin, the theme's background and font */}
      <CssBaseline enableColorScheme />
      <Box
        component="main"
        sx={{ display: 'flex', justifyContent: 'center', p: 2, minHeight: '100vh', bgcolor: '#f4f6f5' }}
      >
        <Card sx={{ maxWidth: 560, width: '100%', alignSelf: 'flex-start', mt: { xs: 2, sm: 6 } }}>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {recoveryCodes ? (
              <>
                <Typography component="h1" variant="h5">
                  {t('savedTitle')}
                </Typography>
                <Typography>{t('savedIntro')}</Typography>
                <Box
                  component="ul"
                  aria-label={t('savedTitle')}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(2, 1fr)',
                    gap: 1,
                    listStyle: 'none',
                    p: 2,
                    m: 0,
                    bgcolor: '#f4f6f5',
                    borderRadius: 1,
                    fontFamily: 'monospace',
                    fontSize: '1.05rem',
                  }}
                >
                  {recoveryCodes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button
                    variant="outlined"
                    onClick={() =>
                      void navigator.clipboard
                        ?.writeText(recoveryCodes.join('\n'))
                        .then(() => setCopied(true))
                        .catch(() => undefined)
                    }
                  >
                    {copied ? t('copied') : t('copy')}
                  </Button>
                  <Button variant="contained" onClick={onDone}>
                    {t('done')}
                  </Button>
                </Box>
              </>
            ) : (
              <>
                <Typography component="h1" variant="h5">
                  {t('title')}
                </Typography>
                <Typography>{t('intro')}</Typography>
                {enrolment ? (
                  <Box
                    component="form"
                    onSubmit={(e) => void confirm(e)}
                    sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
                  >
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {t('scan')}
                    </Typography>
                    <Box
                      component="img"
                      src={enrolment.qrCode}
                      alt={t('qrAlt')}
                      sx={{ width: 200, height: 200, alignSelf: 'center', imageRendering: 'pixelated' }}
                    />
                    <Typography variant="body2">{t('manual')}</Typography>
                    <Box
                      component="code"
                      data-testid="second-factor-secret"
                      sx={{
                        fontSize: '1rem',
                        bgcolor: '#f4f6f5',
                        p: 1,
                        borderRadius: 1,
                      }}
                    >
                      {spacedKey(enrolment.secret)}
                    </Box>
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {t('enterCode')}
                    </Typography>
                    <TextField
                      label={t('code')}
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      error={!!error}
                      helperText={error ?? undefined}
                      autoComplete="one-time-code"
                      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
                      autoFocus
                    />
                    <Button type="submit" variant="contained" disabled={busy || code.trim().length < 6}>
                      {t('confirm')}
                    </Button>
                  </Box>
                ) : (
                  <>
                    {error && <Alert severity="error">{error}</Alert>}
                    <Button variant="contained" onClick={() => void start()} disabled={busy}>
                      {t('start')}
                    </Button>
                  </>
                )}
                <Button variant="text" onClick={() => void signOut()} sx={{ alignSelf: 'flex-start' }}>
                  {t('signOut')}
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}
