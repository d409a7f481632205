/** The server's limits (institutions/api/serializers.py), mirrored by the forms. */
export const INSTITUTION_LIMITS = { name: 200, shortName: 50, slug: 80, street: 200, city: 100, postCode: 6, termsUrl: 200 } as const;
/** Lowercase words joined by single hyphens: the slug ends up in self-registration links. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A classroom's name is unique within its institution (checked by the server). */
export const CLASSROOM_NAME_MAX_LENGTH = 100;
/** A district's name is unique (checked by the server). */
export const DISTRICT_NAME_MAX_LENGTH = 100;
