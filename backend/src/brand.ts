/**
 * The product's name where the server writes it: e-mails, their default sender, the entry in an
 * authenticator app. The same name as the apps' `brand.name` (a proper name, in every language).
 */
export const PRODUCT_NAME = 'Training Academy';
