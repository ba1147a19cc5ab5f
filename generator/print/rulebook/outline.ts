// The part of pdfkit's outline (bookmarks) API the rule book uses; @types/pdfkit leaves out the options.
export interface PDFOutlineLike {
  addItem(title: string, options?: { expanded?: boolean; pageNumber?: number; fit?: boolean }): PDFOutlineLike;
}
