import {
  docVector,
  keywordQuery,
  keywordWords,
  mostWordsQuery,
  pinyinKey,
  pinyinMatches,
  soundsLike,
} from '@/lib/server/services/search/text';

describe('search documents and keywords', () => {
  it('a title becomes positioned bigrams with weight A, its pinyin suffixes, and Latin words', () => {
    const v = docVector([
      { text: '党史学习 PyTorch', weight: 'A', pinyin: true },
      { text: '人工智能', weight: 'D' },
    ]);
    expect(v).toContain("'党史':1A");
    expect(v).toContain("'史学':2A");
    expect(v).toContain("'dangshixuexi':");
    expect(v).toContain("'xuexi':");
    expect(v).toContain("'dsxx':");
    expect(v).toContain("'pytorch':");
    // The text: no weight mark, no pinyin.
    expect(v).toMatch(/'人工':\d+ /);
    expect(v).not.toContain('rengong');
  });

  it('keywords: words joined, Chinese as phrases of pieces, Latin by prefix, most-words fallback', () => {
    expect(keywordWords('学习党史')).toEqual(['学习', '党史']);
    expect(keywordWords('Python 数据分析')).toEqual(['python', '数据', '分析']);
    expect(keywordQuery(['习近平', 'ai'])).toBe("('习近' <-> '近平') & 'ai':*");
    expect(keywordQuery(['党史'], true)).toBe("'党史':A");
    expect(mostWordsQuery(['a', 'b', 'c'])).toBe("('b':* & 'c':*) | ('a':* & 'c':*) | ('a':* & 'b':*)");
  });

  it('pinyin for highlighting and near misses', () => {
    expect(pinyinMatches('党史学习教育成果', 'dangshi')).toEqual(['党史']);
    expect(pinyinMatches('走近人工智能大模型', 'rgzn')).toEqual(['人工智能']);
    expect(pinyinKey('绿色')).toBe('lvse');
    expect(soundsLike('院士大讲堂：人工智能大模型', '人工只能')).toBe('人工智能');
    expect(soundsLike('科研数据可视化', '无此关键词')).toBeNull();
  });
});
