export { NOT_FOUND_MSG, NOT_FOUND_TITLE } from './not-found-text';
export { NotFoundCard as NotFoundContent } from './NotFoundCard';
