import { queryOptions } from '@tanstack/react-query';
import { academyEndpoints } from '@portal/contracts/academy/endpoints';
import type { AcademyLinks } from '@portal/contracts/academy/schemas';

/** GET /api/academy-links: the configured external links, and for admins the demo content sources. */
export const academyLinksQuery = queryOptions<AcademyLinks>({ queryKey: [academyEndpoints.links.path] });
