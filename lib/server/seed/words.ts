/** Chinese word lists that the demo catalogue is composed from. */
import type { Rng } from './random';

export const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '高',
  '林',
  '罗',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
  '许',
  '韩',
  '冯',
  '邓',
  '曹',
  '彭',
  '曾',
  '肖',
  '田',
  '董',
  '袁',
  '潘',
  '于',
  '蒋',
  '蔡',
  '余',
  '杜',
  '叶',
  '程',
  '苏',
  '魏',
  '吕',
  '丁',
  '任',
  '沈',
  '姚',
  '卢',
  '姜',
  '崔',
  '钟',
  '谭',
  '陆',
  '汪',
  '范',
  '金',
  '石',
  '廖',
  '贾',
  '夏',
  '韦',
  '方',
  '白',
  '邹',
  '孟',
  '熊',
  '秦',
  '邱',
  '江',
  '尹',
  '薛',
  '段',
  '雷',
  '侯',
  '龙',
  '史',
  '陶',
  '黎',
  '贺',
  '顾',
  '毛',
  '郝',
  '龚',
  '邵',
  '万',
  '钱',
  '严',
  '武',
  '戴',
  '孔',
  '向',
  '汤',
  '欧阳',
  '司马',
  '诸葛',
] as const;

export const GIVEN_MALE = [
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '斌',
  '鹏',
  '辉',
  '刚',
  '健',
  '峰',
  '建',
  '平',
  '宇',
  '浩',
  '凯',
  '博',
  '文',
  '志',
  '俊',
  '天',
  '晨',
  '睿',
  '立',
  '新',
  '国',
  '华',
  '东',
  '海',
  '波',
  '亮',
  '毅',
  '松',
  '林',
  '哲',
  '昊',
  '瑞',
  '鑫',
  '振',
  '晓',
  '子',
  '嘉',
  '成',
  '德',
  '永',
] as const;

export const GIVEN_FEMALE = [
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '艳',
  '娟',
  '霞',
  '婷',
  '雪',
  '琳',
  '玲',
  '颖',
  '慧',
  '欣',
  '怡',
  '佳',
  '悦',
  '璐',
  '萍',
  '倩',
  '晶',
  '莉',
  '洁',
  '蕾',
  '思',
  '雨',
  '梦',
  '晓',
  '文',
  '燕',
  '红',
  '琪',
  '瑶',
  '楠',
  '月',
  '媛',
  '岚',
  '菲',
  '丹',
] as const;

/** A realistic Chinese name; gender 1 male, 2 female. Unique within `taken`. */
export function personName(rng: Rng, gender: number, taken: Set<string>): string {
  const pool = gender === 2 ? GIVEN_FEMALE : GIVEN_MALE;
  for (let attempt = 0; ; attempt++) {
    const surname = attempt < 50 && rng.chance(0.97) ? SURNAMES[rng.int(0, SURNAMES.length - 4)] : rng.pick(SURNAMES);
    const given = rng.chance(0.3) ? rng.pick(pool) : rng.pick(pool) + rng.pick(pool);
    if (given.length === 2 && given[0] === given[1] && !rng.chance(0.3)) continue;
    const name = surname + given;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** kind: 1 research institute, 2 functional department, 3 university / college. */
export const ORGS: readonly { name: string; shortName: string; kind: 1 | 2 | 3 }[] = [
  { name: '物理研究所', shortName: '物理所', kind: 1 },
  { name: '计算技术研究所', shortName: '计算所', kind: 1 },
  { name: '化学研究所', shortName: '化学所', kind: 1 },
  { name: '数学与系统科学研究院', shortName: '数学院', kind: 1 },
  { name: '自动化研究所', shortName: '自动化所', kind: 1 },
  { name: '生物物理研究所', shortName: '生物物理所', kind: 1 },
  { name: '地理科学与资源研究所', shortName: '地理资源所', kind: 1 },
  { name: '大气物理研究所', shortName: '大气所', kind: 1 },
  { name: '植物研究所', shortName: '植物所', kind: 1 },
  { name: '半导体研究所', shortName: '半导体所', kind: 1 },
  { name: '声学研究所', shortName: '声学所', kind: 1 },
  { name: '心理研究所', shortName: '心理所', kind: 1 },
  { name: '科技战略咨询研究院', shortName: '战略院', kind: 1 },
  { name: '机关党委', shortName: '机关党委', kind: 2 },
  { name: '人事局', shortName: '人事局', kind: 2 },
  { name: '科技促进发展局', shortName: '促进局', kind: 2 },
  { name: '前沿科学与教育局', shortName: '前沿局', kind: 2 },
  { name: '条件保障与财务局', shortName: '条财局', kind: 2 },
  { name: '研究生院', shortName: '研究生院', kind: 3 },
  { name: '继续教育学院', shortName: '继教院', kind: 3 },
];

export const EXTERNAL_ORGS = [
  '北京大学',
  '清华大学',
  '中国人民大学',
  '中共中央党校（国家行政学院）',
  '北京师范大学',
  '复旦大学',
  '浙江大学',
  '南京大学',
  '中国科学技术大学',
  '武汉大学',
  '国家自然科学基金委员会',
  '中国科学技术发展战略研究院',
] as const;

export const INTERNAL_TITLES = [
  ['研究员', 5],
  ['副研究员', 3],
  ['正高级工程师', 1],
  ['高级工程师', 1],
] as const;
export const EXTERNAL_TITLES = [
  ['教授', 6],
  ['副教授', 2],
  ['研究员', 2],
] as const;

export const CATEGORY_CODES = [301, 302, 303, 304, 305, 306] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

/** Research fields of teachers, by the category they mostly teach. */
export const TEACHER_FIELDS: Record<CategoryCode, readonly string[]> = {
  301: ['马克思主义理论', '党的建设', '中共党史', '科学社会主义', '政治学理论'],
  302: ['凝聚态物理', '人工智能', '分子生物学', '大气科学', '天体物理', '材料科学', '量子信息'],
  303: ['科技政策与管理', '科研管理', '知识产权', '科技评价', '财务管理'],
  304: ['计算机科学', '应用统计', '科技写作', '信息检索', '生物信息学'],
  305: ['管理心理学', '组织行为学', '中国传统文化', '人力资源管理', '公共管理'],
  306: ['人才发展', '教育学', '人力资源开发', '职业生涯规划'],
};

/** Course-type children of each category (a parent node named after the category sits above). */
export const COURSE_TYPE_CHILDREN: Record<CategoryCode, readonly string[]> = {
  301: ['理论学习', '党史党章', '形势政策', '廉政教育', '党建实务'],
  302: ['基础科学前沿', '信息技术前沿', '生命健康前沿', '资源环境前沿'],
  303: ['科研项目管理', '科技政策解读', '成果转化与知识产权', '科研经费管理'],
  304: ['科研方法', '学术写作与发表', '数据分析与工具', '科研诚信与伦理'],
  305: ['领导力提升', '沟通与协作', '心理健康', '人文素养', '公文写作'],
  306: ['新入职人员', '青年科研人员', '管理人员发展'],
};

/** Course titles: topic x pattern per category. */
export const COURSE_TOPICS: Record<CategoryCode, readonly string[]> = {
  301: [
    '习近平新时代中国特色社会主义思想',
    '党的二十大精神',
    '党的二十届三中全会精神',
    '全面从严治党',
    '中国式现代化',
    '新质生产力',
    '高水平科技自立自强',
    '社会主义核心价值观',
    '党章党规党纪',
    '中央八项规定精神',
    '马克思主义中国化时代化',
    '总体国家安全观',
    '新发展理念',
    '党的自我革命',
    '科学家精神',
    '党史学习教育成果',
    '廉洁文化建设',
    '基层党组织建设',
    '全过程人民民主',
    '构建人类命运共同体理念',
  ],
  302: [
    '人工智能大模型',
    '量子信息科学',
    '拓扑量子材料',
    '合成生物学',
    '脑科学与类脑智能',
    '碳达峰碳中和',
    '深空探测',
    '高能物理',
    '基因编辑技术',
    '新一代半导体器件',
    '生物多样性保护',
    '地球系统科学',
    '高性能计算',
    '新能源材料',
    '精准医学',
    '先进制造',
    '海洋科学',
    '纳米科技',
    '空间天气',
    '干细胞与再生医学',
  ],
  303: [
    '科研项目全过程管理',
    '国家科技计划管理改革',
    '科研经费使用与报销',
    '科技成果转化',
    '知识产权保护与运营',
    '科研诚信建设',
    '科技评价体系改革',
    '重大科技基础设施管理',
    '科技伦理治理',
    '国际科技合作',
    '科研团队建设',
    '科学数据管理',
    '实验室安全管理',
    '科技人才评价',
    '科技政策宣传与落实',
    '保密管理',
    '内部控制与审计',
    '科研院所改革',
    '科技资源开放共享',
    '预算绩效管理',
  ],
  304: [
    '学术论文写作',
    '科研项目申请书撰写',
    '文献检索与管理',
    '科研数据可视化',
    'Python科学计算',
    '统计分析方法',
    '实验设计',
    '学术报告与演讲',
    '英文科技论文投稿',
    '专利撰写',
    '科研绘图',
    '机器学习方法应用',
    '开源科研工具',
    '高性能计算平台使用',
    '同行评议',
    '科研协作工具',
    '大数据分析',
    '科研图像处理',
    '学术规范与引用',
    '国家自然科学基金申请',
  ],
  305: [
    '领导力',
    '团队沟通',
    '时间管理',
    '压力管理与心理调适',
    '公文写作',
    '演讲表达',
    '创新思维',
    '职业素养',
    '传统文化修养',
    '健康生活方式',
    '跨文化交流',
    '科学决策能力',
    '情绪管理',
    '执行力',
    '审美与艺术修养',
    '危机应对',
    '学习能力',
    '会议组织',
    '礼仪规范',
    '服务意识',
  ],
  306: [
    '新入职人员',
    '青年科研人员',
    '博士后',
    '科研管理人员',
    '技术支撑人员',
    '中层干部',
    '青年骨干',
    '项目负责人',
    '研究生导师',
    '实验室主任',
    '科研助理',
    '国际化人才',
    '学科带头人',
    '转岗人员',
    '党务干部',
    '创新团队负责人',
    '工程技术人员',
    '财务人员',
    '人事干部',
    '青年学者',
  ],
};

export const COURSE_PATTERNS: Record<CategoryCode, readonly string[]> = {
  301: [
    '深入学习{t}',
    '{t}的理论内涵与实践要求',
    '{t}专题辅导',
    '{t}学习导读',
    '准确把握{t}的核心要义',
    '{t}：历史逻辑与时代价值',
    '在科研工作中贯彻落实{t}',
    '{t}十讲',
    '{t}的科学内涵与重大意义',
    '从党史看{t}',
  ],
  302: [
    '{t}研究进展与展望',
    '{t}前沿讲座',
    '{t}：机遇与挑战',
    '{t}的最新突破',
    '走近{t}',
    '{t}发展趋势分析',
    '{t}中的关键科学问题',
    '{t}国际前沿动态',
    '{t}交叉研究新方向',
    '{t}概论',
  ],
  303: [
    '{t}实务',
    '{t}要点与案例分析',
    '{t}常见问题解析',
    '新形势下的{t}',
    '{t}制度与流程',
    '{t}的实践与思考',
    '{t}操作指南',
    '{t}专题培训',
    '如何做好{t}',
    '{t}的最新要求',
  ],
  304: [
    '{t}入门',
    '{t}方法与技巧',
    '{t}实战',
    '{t}进阶',
    '{t}常见误区',
    '{t}案例精讲',
    '{t}十问',
    '零基础学{t}',
    '{t}：从入门到精通',
    '{t}工作坊',
  ],
  305: [
    '{t}提升',
    '{t}修炼',
    '{t}的方法与艺术',
    '{t}十讲',
    '提升{t}的关键',
    '{t}案例解析',
    '{t}与个人成长',
    '新时代的{t}',
    '{t}实用技巧',
    '{t}必修课',
  ],
  306: [
    '{t}职业发展规划',
    '{t}入职指南',
    '{t}能力提升路径',
    '{t}成长案例分享',
    '{t}必备技能',
    '{t}岗位认知',
    '{t}的角色定位',
    '{t}培养体系介绍',
    '{t}发展之道',
    '写给{t}的十条建议',
  ],
};

export const SUMMARY_OPENERS = [
  '本课程围绕{t}展开，系统梳理相关理论脉络与实践经验。',
  '课程聚焦{t}，结合典型案例进行深入浅出的讲解。',
  '本讲以{t}为主题，帮助学员建立系统、完整的知识框架。',
  '课程从{t}的基本概念入手，逐步深入到重点和难点问题。',
  '{t}是当前广受关注的重要议题，本课程对此进行了全面解读。',
] as const;

export const SUMMARY_BODY: Record<CategoryCode, readonly string[]> = {
  301: [
    '课程深入阐释党的创新理论的科学体系和实践要求。',
    '主讲人结合科研院所实际，引导学员坚定理想信念、增强党性修养。',
    '课程注重理论联系实际，推动学习成果转化为推进科技创新的实际行动。',
    '通过学习，帮助党员干部不断提高政治判断力、政治领悟力、政治执行力。',
  ],
  302: [
    '主讲人介绍了该领域近年来的重大突破和国际研究动态。',
    '课程分析了学科交叉带来的新机遇和亟待解决的关键科学问题。',
    '课程展望了未来五到十年的发展趋势以及我国的战略布局。',
    '适合希望拓展学术视野的科研人员和研究生学习。',
  ],
  303: [
    '课程结合最新政策文件，解读管理要求和操作要点。',
    '主讲人梳理了实际工作中的常见问题并给出解决建议。',
    '课程有助于管理人员提高依法依规管理水平和服务效能。',
    '内容涵盖制度规定、业务流程和典型案例。',
  ],
  304: [
    '课程通过大量实例演示，帮助学员快速掌握实用方法。',
    '主讲人分享了多年科研实践中积累的经验和技巧。',
    '课程配有练习材料，建议学员边学边练。',
    '适合研究生和青年科研人员系统学习。',
  ],
  305: [
    '课程帮助学员提升综合素质，更好地适应岗位要求。',
    '主讲人运用心理学和管理学知识，给出切实可行的建议。',
    '课程形式生动，穿插互动案例与情景分析。',
    '学员可结合自身工作实际进行反思和提升。',
  ],
  306: [
    '课程面向不同发展阶段的职工，提供清晰的成长路线图。',
    '主讲人结合人才培养政策，介绍职业发展的关键节点。',
    '课程邀请优秀代表分享成长经历和心得体会。',
    '帮助学员明确发展方向，制定切实可行的个人发展计划。',
  ],
};

/** Series topics, with the audience they lean to. */
export const SERIES_TOPICS: readonly { t: string; lean: Lean }[] = [
  { t: '学习贯彻党的二十大精神', lean: 'party' },
  { t: '党纪学习教育', lean: 'party' },
  { t: '主题教育', lean: 'party' },
  { t: '弘扬科学家精神', lean: 'party' },
  { t: '党支部书记履职能力', lean: 'party' },
  { t: '人工智能前沿', lean: null },
  { t: '量子科技', lean: null },
  { t: '生命科学前沿', lean: null },
  { t: '碳中和与能源转型', lean: null },
  { t: '科研诚信与学风建设', lean: 'student' },
  { t: '科研项目管理', lean: null },
  { t: '科技成果转化', lean: null },
  { t: '学术写作与发表', lean: 'student' },
  { t: '数据科学与计算', lean: 'student' },
  { t: '领导力提升', lean: null },
  { t: '心理健康与压力调适', lean: null },
  { t: '中华优秀传统文化', lean: null },
  { t: '新入职人员必修', lean: null },
  { t: '青年科研人员成长', lean: null },
  { t: '国际合作与交流', lean: null },
  { t: '实验室安全', lean: 'student' },
  { t: '科技伦理', lean: null },
  { t: '保密教育', lean: 'party' },
  { t: '研究生科研素养', lean: 'student' },
];
export const SERIES_SUFFIXES = ['系列专题', '系列讲座', '专题学习', '精品课程', '系列课程', '专题培训'] as const;

export type Lean = 'party' | 'student' | null;

/** Training projects (5001): subjects with the train type they belong to and their audience lean. */
export const TRAIN_SUBJECTS: readonly { t: string; trainType: number; lean: Lean }[] = [
  { t: '新入职人员', trainType: 4, lean: null },
  { t: '党务干部', trainType: 3, lean: 'party' },
  { t: '党支部书记', trainType: 3, lean: 'party' },
  { t: '科研管理骨干', trainType: 5, lean: null },
  { t: '青年科研人员创新能力', trainType: 2, lean: null },
  { t: '处级干部任职', trainType: 5, lean: 'party' },
  { t: '财务管理人员业务', trainType: 2, lean: null },
  { t: '科研诚信与伦理', trainType: 1, lean: 'student' },
  { t: '知识产权管理', trainType: 2, lean: null },
  { t: '实验室安全管理', trainType: 2, lean: 'student' },
  { t: '人事干部业务', trainType: 2, lean: null },
  { t: '国际合作业务', trainType: 1, lean: null },
  { t: '研究生导师', trainType: 1, lean: 'student' },
  { t: '保密工作', trainType: 1, lean: 'party' },
  { t: '科技成果转化', trainType: 2, lean: null },
  { t: '领导力提升', trainType: 5, lean: null },
  { t: '网络安全与信息化', trainType: 2, lean: null },
  { t: '档案管理', trainType: 2, lean: null },
  { t: '科学传播与科普能力', trainType: 1, lean: null },
  { t: '技术支撑人才', trainType: 2, lean: null },
  { t: '研究生科研素养', trainType: 1, lean: 'student' },
  { t: '青年干部理论学习', trainType: 3, lean: 'party' },
];
export const TRAIN_PATTERNS = [
  '{y}年度{t}培训班',
  '{t}专题研修班',
  '{y}年{t}高级研修班',
  '{t}培训班（第{k}期）',
  '{y}年{t}能力提升培训班',
] as const;
export const REPORT_PATTERNS = [
  '{t}学术报告',
  '“{t}”前沿讲坛',
  '{t}专题学术报告会',
  '{t}：进展与挑战',
  '院士大讲堂：{t}',
  '{t}青年学者论坛',
] as const;

export const DICTIONARIES: Record<string, readonly [number, string][]> = {
  trainType: [
    [1, '综合能力培训'],
    [2, '专业技术培训'],
    [3, '党性教育培训'],
    [4, '新入职培训'],
    [5, '管理能力培训'],
  ],
  orgSource: [
    [1, '院机关'],
    [2, '研究所'],
    [3, '高校'],
    [4, '院外单位'],
  ],
  itemType: [
    [1, '专题讲座'],
    [2, '研讨交流'],
    [3, '现场教学'],
    [4, '在线学习'],
  ],
  examType: [
    [0, '线上'],
    [1, '线下'],
  ],
  examReplyType: [
    [0, '未作答'],
    [1, '作答中'],
    [2, '已提交'],
  ],
};

/** Places for on-site teaching. */
export const BASES = ['井冈山', '延安', '西柏坡', '嘉兴南湖', '古田', '遵义', '红旗渠', '香山革命纪念地'] as const;

export const NEWS_PARTY = [
  '{org}党委召开党纪学习教育专题会议',
  '{org}开展“{theme}”主题党日活动',
  '{org}党委理论学习中心组开展{topic}专题学习',
  '机关党委举办{y}年度党务干部培训班',
  '{org}组织党员赴{base}开展现场教学',
  '学习贯彻{topic}宣讲报告会在{org}举行',
  '{org}召开{y}年度基层党组织书记述职评议会',
  '网络学院上线“{topic}”专题学习课程',
] as const;
export const NEWS_THEMES = [
  '不忘初心、牢记使命',
  '弘扬科学家精神',
  '学党史、悟思想',
  '廉洁从业',
  '科技报国',
  '传承红色基因',
] as const;
export const NEWS_GENERAL = [
  '{org}举办{y}年度新入职人员培训班',
  '网络学院新上线{n}门“{cat}”精品课程',
  '{org}举办“{field}”学术报告会',
  '{y}年{field}高级研修班在{org}开班',
  '人事局召开{y}年度继续教育工作会议',
  '{org}青年科研人员{skill}培训顺利结业',
  '网络学院直播课堂推出“{field}”系列讲座',
  '{org}召开继续教育工作经验交流会',
  '{y}年度继续教育优秀组织单位评选结果揭晓',
  '{org}与{ext}签署人才培养合作协议',
] as const;
export const NEWS_STUDENT = [
  '研究生院举办{y}年研究生科学道德与学风建设宣讲教育报告会',
  '{org}举办研究生{skill}工作坊',
  '“{field}”研究生暑期学校开班',
  '{org}举行{y}级研究生开学典礼',
] as const;
export const NEWS_SKILLS = [
  '学术写作',
  '科研数据分析',
  '学术报告与演讲',
  '文献检索',
  '科研项目申请',
  '实验室安全',
] as const;
export const NEWS_SOURCES = ['继续教育学院', '人事局', '机关党委', '网络学院编辑部', '研究生院'] as const;

export const NEWS_PARAGRAPHS = [
  '{org}相关负责人出席并讲话，指出继续教育是提升干部职工能力素质的重要途径，要坚持学以致用、以用促学。',
  '活动采取专题讲座、案例研讨和交流分享相结合的方式，内容丰富，形式多样，参训学员普遍反映收获很大。',
  '会议强调，要把学习成果转化为推动科技创新和事业发展的强大动力，以实际行动践行初心使命。',
  '来自院属各单位的{n}余名学员参加了学习，并结合各自岗位实际进行了深入交流。',
  '此次活动通过网络学院同步开展线上直播，未能到现场的同志可登录平台观看回放并计入学时。',
  '与会人员表示，将进一步增强学习的自觉性和主动性，不断提高履职尽责的能力和水平。',
  '下一步，{org}将持续完善培训体系，丰富优质课程资源，为广大职工学习提供更加便捷的服务。',
  '主讲专家围绕主题作了深入浅出的讲解，并就学员关心的问题进行了现场答疑。',
  '活动期间，学员们分组开展讨论，围绕如何做好本职工作、服务国家战略需求等问题各抒己见。',
  '据悉，网络学院今年以来累计上线课程{n}余门，注册学员学习积极性持续提高。',
] as const;

export const NOTICE_TITLES: readonly { t: string; lean: Lean; top?: boolean }[] = [
  { t: '关于开展{y}年度继续教育学时统计工作的通知', lean: null, top: true },
  { t: '关于举办{y}年{subject}培训班的通知', lean: null },
  { t: '关于{m}月网络学院系统维护升级的公告', lean: null, top: true },
  { t: '关于组织学习“{topic}”网络专题课程的通知', lean: 'party' },
  { t: '关于报名参加{y}年度{field}高级研修班的通知', lean: null },
  { t: '关于公布{y}年度继续教育优秀学员名单的公告', lean: null },
  { t: '关于做好{y}年度培训需求调研工作的通知', lean: null },
  { t: '关于开通研究生科学素养在线课程的通知', lean: 'student' },
  { t: '关于开展{y}年党员集中学习培训的通知', lean: 'party', top: true },
  { t: '关于举办“{field}”学术报告的通知', lean: null },
  { t: '关于{y}年研究生学术道德教育课程学习安排的通知', lean: 'student' },
  { t: '关于调整网络学院学时认定办法的通知', lean: null, top: true },
  { t: '关于征集{y}年度优质课程资源的通知', lean: null },
  { t: '关于开展“{theme}”主题教育活动的通知', lean: 'party' },
  { t: '关于网络学院移动端上线试运行的公告', lean: null },
];

export const NOTICE_PARAGRAPHS = [
  '各单位、各位学员：',
  '为进一步做好继续教育工作，提升干部职工能力素质，经研究决定开展本项工作，现将有关事项通知如下。',
  '请各单位高度重视，认真组织，按照时间要求做好相关工作，确保取得实效。',
  '学员可登录网络学院平台，在“学习中心”查看具体安排并完成相关学习任务。',
  '如有疑问，请联系继续教育学院培训部，联系电话：010-6259 7114（工作日 8:30-17:30）。',
  '特此通知。',
] as const;

/** Live class subjects. */
export const LIVE_TOPICS = [
  '人工智能赋能科学研究',
  '科研项目申报要点解析',
  '学习贯彻党的二十届三中全会精神',
  '科研经费管理新规解读',
  '学术论文写作与投稿',
  '青年科研人员职业发展',
  '心理健康与压力调适',
  '量子科技前沿进展',
  '科技成果转化案例分享',
  '实验室安全专题讲座',
  '科学家精神宣讲',
  '公文写作规范与技巧',
  '数据可视化实战',
  '全面从严治党专题辅导',
  '研究生学术规范教育',
  '碳达峰碳中和路径研究',
  '脑科学与类脑智能',
  '知识产权保护实务',
  '领导力与团队建设',
  '科研诚信案例警示教育',
  '深空探测新进展',
  '科普能力提升',
  '中华优秀传统文化赏析',
  '合成生物学前沿',
] as const;

const CN_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** Chinese numeral 1-99. */
export function cnNumber(n: number): string {
  if (n < 1 || n > 99) return String(n);
  if (n <= 10) return CN_NUMBERS[n - 1];
  if (n < 20) return '十' + CN_NUMBERS[n - 11];
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return CN_NUMBERS[tens - 1] + '十' + (ones ? CN_NUMBERS[ones - 1] : '');
}

export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

/**
 * n items drawn from a pool without repeats, in a seeded order; past the pool size the pool is
 * used again and `round` (1, 2, ...) tells which pass an item comes from, so titles can be
 * suffixed (第二辑, ...) and stay unique at large scales.
 */
export function drawDistinct<T>(rng: Rng, pool: readonly T[], n: number): { item: T; round: number }[] {
  const order = rng.shuffle(pool);
  const out: { item: T; round: number }[] = [];
  for (let i = 0; i < n; i++) out.push({ item: order[i % order.length], round: Math.floor(i / order.length) + 1 });
  return out;
}

/** '' on the first pass, then （第二辑）, （第三辑）... */
export function roundSuffix(round: number, unit = '辑'): string {
  return round <= 1 ? '' : `（第${cnNumber(round)}${unit}）`;
}
