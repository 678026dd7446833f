export { type CommentImageType, decodeCommentImage, sniffImageType } from "./comment-image";
export {
  type AddedComment,
  type AddReturnCommentInput,
  addReturnComment,
  type CommentImage,
  getCommentImage,
  listReturnComments,
} from "./comments";
export { findReturnStore, getReturn } from "./get";
export { type SetItemIdentifiersInput, setReturnItemIdentifiers } from "./item-identifiers";
export {
  type ListReturnsInput,
  type ListReturnsResult,
  listReturns,
  MAX_RETURNS_PAGE_SIZE,
  type ReturnCursor,
} from "./list";
export {
  commentImageUrl,
  loadReturnView,
  loadReturnViews,
  type ReturnView,
  serializeOrder,
  serializeReturn,
} from "./serialize";
export type { Actor } from "./write";
