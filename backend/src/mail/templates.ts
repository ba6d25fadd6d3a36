import { CALL_TIME_ZONE, callStartText, canonicalTimeZone } from '@portal/contracts/academy/schedule';
import { escapeHtml } from '@portal/contracts/core/html';
import { PRODUCT_NAME } from '../brand';
/**
 * The e-mails the portal sends, in en, es and fr: a plain-text body and a simple HTML body from
 * the same lines. Pure: `renderMail(kind, language, params)`. Values are escaped in the HTML.
 */
export type MailLanguage = 'en' | 'es' | 'fr';
export const MAIL_LANGUAGES: readonly MailLanguage[] = ['en', 'es', 'fr'];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Params = Record<string, string>;
/** One message: its subject, its paragraphs, and an optional button (label + link). */
interface Template {
  subject: (p: Params) => string;
  lines: (p: Params) => string[];
  button?: (p: Params) => { label: string; href: string } | null;
  /** the parameters a message of this kind needs */
  needs: readonly string[];
}

/**
 * A live-call reminder carries the call's name in each language; the template picks its own. An
 * empty `link` (no join link set yet) says the link will be posted on the live-calls page, and the
 * button (when `page` names that page) opens it instead.
 */
const CALL_REMINDER_NEEDS = [
  'firstName',
  'nameEn',
  'nameEs',
  'nameFr',
  'minutes',
  'host',
  'passcode',
  'link',
];

/**
 * The reminder's start in the partner's language and time zone ("Tuesday, March 10 at 8:00 PM
 * EDT"); New York's, the calls' own, when the job names none or one this runtime does not know
 * (a newer browser's zone): late information beats no reminder. A reminder queued before zones
 * were kept carries its start written out as `when`.
 */
function callStart(p: Params, language: MailLanguage): string {
  if (!p.startsAt) {
    if (p.when) return p.when;
    throw new Error('Mail callReminder needs startsAt');
  }
  const instant = Date.parse(p.startsAt);
  const zone = p.timeZone && canonicalTimeZone(p.timeZone);
  return callStartText(instant, language, zone || CALL_TIME_ZONE);
}

/**
 * A live-call reminder's join details: the passcode when the call has a link (the button carries
 * the link), else where the link will be posted.
 */
const joinDetails = (p: Params, passcodeLine: (code: string) => string, linkLater: string) =>
  p.link ? (p.passcode ? [passcodeLine(p.passcode)] : []) : [linkLater];

/** The reminder's button: the join link, else the live calls page, else none. */
const joinButton = (p: Params, joinLabel: string, pageLabel: string) =>
  p.link ? { label: joinLabel, href: p.link } : p.page ? { label: pageLabel, href: p.page } : null;

const templates: Record<string, Record<MailLanguage, Template>> = {
  passwordReset: {
    en: {
      needs: ['firstName', 'link', 'minutes'],
      subject: () => `Set a new password for the ${PRODUCT_NAME}`,
      lines: (p) => [
        `Hello ${p.firstName},`,
        `Someone (we hope you) asked to set a new password for your ${PRODUCT_NAME} account.`,
        `The link works once, for ${p.minutes} minutes. Setting a new password signs you out on every device.`,
        'If you did not ask for it, ignore this message: your password stays as it is.',
      ],
      button: (p) => ({ label: 'Set a new password', href: p.link }),
    },
    es: {
      needs: ['firstName', 'link', 'minutes'],
      subject: () => `Crea una nueva contraseña para ${PRODUCT_NAME}`,
      lines: (p) => [
        `Hola ${p.firstName}:`,
        `Alguien (esperamos que tú) pidió una nueva contraseña para tu cuenta de ${PRODUCT_NAME}.`,
        `El enlace funciona una sola vez, durante ${p.minutes} minutos. Al crear la nueva contraseña se cierra la sesión en todos tus dispositivos.`,
        'Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
      ],
      button: (p) => ({ label: 'Crear una nueva contraseña', href: p.link }),
    },
    fr: {
      needs: ['firstName', 'link', 'minutes'],
      subject: () => `Choisissez un nouveau mot de passe pour ${PRODUCT_NAME}`,
      lines: (p) => [
        `Bonjour ${p.firstName},`,
        `Quelqu’un (vous, nous l’espérons) a demandé un nouveau mot de passe pour votre compte ${PRODUCT_NAME}.`,
        `Le lien fonctionne une seule fois, pendant ${p.minutes} minutes. Le nouveau mot de passe vous déconnecte de tous vos appareils.`,
        'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe reste le même.',
      ],
      button: (p) => ({ label: 'Choisir un nouveau mot de passe', href: p.link }),
    },
  },
  nudge: {
    en: {
      needs: ['firstName', 'sponsorName', 'note', 'link'],
      subject: (p) => `${p.sponsorName} is cheering you on`,
      lines: (p) => [
        `Hello ${p.firstName},`,
        `${p.sponsorName}, your sponsor, noticed your foundation training has paused and sends you a nudge.`,
        ...(p.note ? [`“${p.note}”`] : []),
        'Pick up where you stopped: every step takes a few minutes.',
        'You can turn these nudges off in Settings.',
      ],
      button: (p) => ({ label: 'Continue my training', href: p.link }),
    },
    es: {
      needs: ['firstName', 'sponsorName', 'note', 'link'],
      subject: (p) => `${p.sponsorName} te anima a seguir`,
      lines: (p) => [
        `Hola ${p.firstName}:`,
        `${p.sponsorName}, tu patrocinador, vio que tu formación de fundamentos está en pausa y te envía un empujón.`,
        ...(p.note ? [`«${p.note}»`] : []),
        'Retoma donde lo dejaste: cada paso lleva unos minutos.',
        'Puedes desactivar estos avisos en Configuración.',
      ],
      button: (p) => ({ label: 'Continuar mi formación', href: p.link }),
    },
    fr: {
      needs: ['firstName', 'sponsorName', 'note', 'link'],
      subject: (p) => `${p.sponsorName} vous encourage`,
      lines: (p) => [
        `Bonjour ${p.firstName},`,
        `${p.sponsorName}, votre parrain, a remarqué que votre formation aux fondamentaux est en pause et vous envoie un petit coup de pouce.`,
        ...(p.note ? [`«\u00a0${p.note}\u00a0»`] : []),
        'Reprenez là où vous vous êtes arrêté\u00a0: chaque étape prend quelques minutes.',
        'Vous pouvez désactiver ces relances dans Paramètres.',
      ],
      button: (p) => ({ label: 'Reprendre ma formation', href: p.link }),
    },
  },
  callReminder: {
    en: {
      needs: CALL_REMINDER_NEEDS,
      subject: (p) => `${p.nameEn} starts in one hour`,
      lines: (p) => [
        `Hello ${p.firstName},`,
        `${p.nameEn} starts in ${p.minutes} minutes: ${callStart(p, 'en')}.${p.host ? ` Host: ${p.host}.` : ''}`,
        ...joinDetails(
          p,
          (code) => `Passcode: ${code}`,
          'The join link will be posted on the live calls page before the call.',
        ),
        'You get this reminder because you turned on live-call reminders. You can turn them off in Settings.',
      ],
      button: (p) => joinButton(p, 'Join the call', 'Open the live calls page'),
    },
    es: {
      needs: CALL_REMINDER_NEEDS,
      subject: (p) => `${p.nameEs} empieza en una hora`,
      lines: (p) => [
        `Hola ${p.firstName}:`,
        `${p.nameEs} empieza dentro de ${p.minutes} minutos: ${callStart(p, 'es')}.${p.host ? ` Presenta: ${p.host}.` : ''}`,
        ...joinDetails(
          p,
          (code) => `Código de acceso: ${code}`,
          'El enlace para unirte se publicará en la página de llamadas en vivo antes de la llamada.',
        ),
        'Recibes este recordatorio porque activaste los recordatorios de llamadas en vivo. Puedes desactivarlos en Configuración.',
      ],
      button: (p) => joinButton(p, 'Unirme a la llamada', 'Abrir la página de llamadas en vivo'),
    },
    fr: {
      needs: CALL_REMINDER_NEEDS,
      subject: (p) => `${p.nameFr} commence dans une heure`,
      lines: (p) => [
        `Bonjour ${p.firstName},`,
        `${p.nameFr} commence dans ${p.minutes} minutes\u00a0: ${callStart(p, 'fr')}.${p.host ? ` Animé par ${p.host}.` : ''}`,
        ...joinDetails(
          p,
          (code) => `Code d’accès\u00a0: ${code}`,
          'Le lien pour rejoindre l’appel sera publié sur la page des appels en direct avant l’appel.',
        ),
        'Vous recevez ce rappel parce que vous avez activé les rappels d’appels en direct. Vous pouvez les désactiver dans Paramètres.',
      ],
      button: (p) => joinButton(p, 'Rejoindre l’appel', 'Ouvrir la page des appels en direct'),
    },
  },
};

/** Every kind of message there is a template for. */
export const MAIL_KINDS: readonly string[] = Object.keys(templates);

export function renderMail(kind: string, language: MailLanguage, params: Params): RenderedMail {
  const template = templates[kind]?.[language];
  if (!template) throw new Error(`No mail template ${kind}/${language}`);
  const missing = template.needs.filter((k) => params[k] === undefined);
  if (missing.length) throw new Error(`Mail ${kind} needs ${missing.join(', ')}`);
  const lines = template.lines(params);
  const button = template.button?.(params);
  const text = [
    ...lines.slice(0, 2),
    // French sets a colon off with a no-break space
    ...(button ? [`${button.label}${language === 'fr' ? '\u00a0' : ''}: ${button.href}`] : []),
    ...lines.slice(2),
  ].join('\n\n');
  const paragraphs = lines.map((l) => `<p>${escapeHtml(l)}</p>`);
  const buttonHtml = button
    ? `<p><a href="${escapeHtml(button.href)}" style="display:inline-block;padding:10px 18px;background:#0d7d67;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f2933;line-height:1.5">${[
    ...paragraphs.slice(0, 2),
    buttonHtml,
    ...paragraphs.slice(2),
  ].join('')}</body></html>`;
  return { subject: template.subject(params), text: `${text}\n`, html };
}
