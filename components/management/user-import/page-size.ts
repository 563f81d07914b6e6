/** Rows per page of the import's error table and account list (held in the browser). */
export const IMPORT_PAGE_SIZE = 20;
