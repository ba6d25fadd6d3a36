export { createMailchimpClient, mailchimpSettings, subscriberHash } from './client';
export type { MailchimpClient, MailchimpMember, MailchimpSettings } from './client';
export {
  createNewsletter,
  DemoNewsletter,
  MailchimpNewsletter,
  mailchimpGateway,
  NewsletterError,
  newsletterErrorOf,
} from './newsletter';
export type { Newsletter, NewsletterContact } from './newsletter';
export { BACKGROUND_RETRY, INTERACTIVE_RETRY, createMailchimpGateway, mailchimpSemaphore } from './gateway';
export type { MailchimpGateway } from './gateway';
