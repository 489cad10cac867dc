// The one error the embedded PostgreSQL throws: its message is Spanish and meant for the person starting Almacén.
export class EmbeddedPostgresError extends Error {}
