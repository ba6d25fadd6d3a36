export { createMailchimpClient, mailchimpSettings, subscriberHash } from './client';
export type { MailchimpClient, MailchimpMember, MailchimpSettings } from './client';
export { createNewsletter, DemoNewsletter, MailchimpNewsletter, NewsletterError } from './newsletter';
export type { Newsletter, NewsletterContact } from './newsletter';
