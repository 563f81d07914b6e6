/** A chapter title that brings its own number: 第一讲, 第 2 章, 第十二节, 第3课 (Chinese or Arabic numerals). */
const OWN_NUMBER = /^\s*第\s*[0-9０-９零〇一二三四五六七八九十百千两]+\s*[讲章节课]/;

/** The 第N讲 to show before a chapter's title, or null when the title is numbered already (no 第1讲 第一讲). */
export function chapterNumber(title: string, index: number): string | null {
  return OWN_NUMBER.test(title) ? null : `第${index + 1}讲`;
}
