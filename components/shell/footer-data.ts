/** Footer content (SPEC 1). The counts are asserted against lib/constants in the unit tests. */
export const NATIONAL_BASES = [
  '国家级专业技术人员继续教育基地（物理研究所）',
  '国家级专业技术人员继续教育基地（化学研究所）',
  '国家级专业技术人员继续教育基地（计算技术研究所）',
  '国家级专业技术人员继续教育基地（地理科学与资源研究所）',
  '国家级专业技术人员继续教育基地（生物物理研究所）',
  '国家级专业技术人员继续教育基地（大气物理研究所）',
  '国家级专业技术人员继续教育基地（自动化研究所）',
  '国家级专业技术人员继续教育基地（植物研究所）',
  '国家级专业技术人员继续教育基地（力学研究所）',
] as const;

export const ACADEMY_BASES = [
  '院级继续教育基地（空天信息创新研究院）',
  '院级继续教育基地（微电子研究所）',
  '院级继续教育基地（海洋研究所）',
  '院级继续教育基地（动物研究所）',
  '院级继续教育基地（声学研究所）',
  '院级继续教育基地（软件研究所）',
  '院级继续教育基地（半导体研究所）',
] as const;

export const SPECIAL_COLUMNS = [
  { label: '新入职人员培训', href: '/newEmployee/Train' },
  { label: '培训评估', href: '/assess' },
  { label: '考试信息', href: '/exam' },
] as const;

export const OTHER_SITES = [
  // Addresses of the academy's other sites: set them here for a deployment.
  { label: '院门户网站', href: 'https://www.example.cn/' },
  { label: '院人事教育网', href: 'https://hr.example.cn/' },
  { label: '院党建网', href: 'https://dangjian.example.cn/' },
] as const;

export const CONTACT = ['地址：北京市海淀区中关村北一条', '邮编：100190', '电话：010-6259 7114', '邮箱：elearning@example.cn', '服务时间：工作日 8:30-17:30'] as const;
