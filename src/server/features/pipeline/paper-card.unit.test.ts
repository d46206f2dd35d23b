import { describe, expect, it } from 'vitest';
import { parsePaperCard } from './paper-card.ts';
import { domainStem } from './paper-card-lines.ts';

/*
 * A paper card gives its company, website, address and job title as well as
 * name, e-mail and phone, in English, Chinese and European layouts, as OCR reads them.
 */

const card = (...lines: string[]) => parsePaperCard(lines.join('\n'));

describe('parsePaperCard', () => {
  it('reads a Spanish card: S.L. company, .es website, street address', () => {
    expect(
      card(
        'IBERIA WATER',
        'Iberia Water Solutions S.L.',
        'Carlos Martínez Ruiz',
        'Export Manager',
        'Calle de Colón 12, 46004 Valencia',
        'Spain',
        'T +34 961 234 567',
        'carlos.martinez@iberiawater.es',
        'www.iberiawater.es',
      ),
    ).toEqual({
      name: 'Carlos Martínez Ruiz',
      company: 'Iberia Water Solutions S.L.',
      email: 'carlos.martinez@iberiawater.es',
      phone: '+34 961 234 567',
      jobTitle: 'Export Manager',
      website: 'www.iberiawater.es',
      address: 'Calle de Colón 12, 46004 Valencia, Spain',
    });
  });

  it('reads an American card: Inc., a bare domain, a two-line address', () => {
    expect(
      card(
        'Acme Filtration, Inc.',
        'John A. Smith',
        'VP, Business Development',
        '1200 Market Street, Suite 400',
        'San Francisco, CA 94103',
        'Office +1 415 555 0134',
        'john.smith@acmefiltration.com',
        'acmefiltration.com',
      ),
    ).toMatchObject({
      name: 'John A. Smith',
      company: 'Acme Filtration, Inc.',
      jobTitle: 'VP, Business Development',
      website: 'acmefiltration.com',
      address: '1200 Market Street, Suite 400, San Francisco, CA 94103',
      phone: '+1 415 555 0134',
    });
  });

  it('reads a German card: GmbH, a title with a prefix name, a Straße address', () => {
    expect(
      card(
        'Müller Pumpen GmbH',
        'Dr. Anna Schmidt',
        'Leiterin Vertrieb',
        'Industriestraße 5, 70565 Stuttgart',
        'Mobil +49 171 2345678',
        'anna.schmidt@mueller-pumpen.de',
        'www.mueller-pumpen.de',
      ),
    ).toMatchObject({
      name: 'Dr. Anna Schmidt',
      company: 'Müller Pumpen GmbH',
      jobTitle: 'Leiterin Vertrieb',
      website: 'www.mueller-pumpen.de',
      address: 'Industriestraße 5, 70565 Stuttgart',
      phone: '+49 171 2345678',
    });
  });

  it('reads a Chinese card with labels: 有限公司, 网址, 地址', () => {
    expect(
      card(
        '宁波恒泰陶瓷有限公司',
        '张 伟',
        '销售经理',
        '手机：138 1234 5678',
        '邮箱：zhangwei@hengtai.cn',
        '网址：www.hengtai.cn',
        '地址：浙江省宁波市鄞州区工业园区 88 号',
      ),
    ).toEqual({
      name: '张伟',
      company: '宁波恒泰陶瓷有限公司',
      email: 'zhangwei@hengtai.cn',
      phone: '138 1234 5678',
      jobTitle: '销售经理',
      website: 'www.hengtai.cn',
      address: '浙江省宁波市鄞州区工业园区 88 号',
    });
  });

  it('reads a Traditional Chinese card: 股份, name and title on one line, an unlabelled address', () => {
    expect(
      card(
        '香港華盛貿易股份有限公司',
        '陳大文 總經理',
        '電話：+852 2345 6789',
        'www.wahsing.com.hk',
        '香港九龍觀塘道 123 號 15 樓',
      ),
    ).toMatchObject({
      name: '陳大文',
      company: '香港華盛貿易股份有限公司',
      jobTitle: '總經理',
      website: 'www.wahsing.com.hk',
      address: '香港九龍觀塘道 123 號 15 樓',
    });
  });

  it('reads a Latin name and title printed on one line', () => {
    expect(
      card('Nordic Valves AB', 'Erik Lindqvist, Sales Manager', 'erik@nordicvalves.se'),
    ).toMatchObject({
      name: 'Erik Lindqvist',
      jobTitle: 'Sales Manager',
      company: 'Nordic Valves AB',
    });
  });

  it('takes a brand line for the company when no legal form is printed', () => {
    expect(
      card('AQUALUX', 'Li Ming', 'Purchasing Manager', 'li.ming@aqualux.com', '+86 139 2345 6789'),
    ).toMatchObject({ company: 'AQUALUX', name: 'Li Ming', jobTitle: 'Purchasing Manager' });
  });

  it('does not take "Co.Ltd" for a website or a city in a company name for an address', () => {
    const fields = card('Shenzhen Haichuan Pump Co.Ltd', '深圳市海川泵业有限公司', 'Wang Fang');
    expect(fields.website).toBe('');
    expect(fields.address).toBe('');
    expect(fields.company).toBe('Shenzhen Haichuan Pump Co.Ltd');
  });
});

describe('domainStem', () => {
  it('is the name part of a company domain, and nothing for a mail provider', () => {
    expect(domainStem('www.iberiawater.es')).toBe('iberiawater');
    expect(domainStem('twprecision.com.tw')).toBe('twprecision');
    expect(domainStem('https://mueller-pumpen.de/kontakt')).toBe('muellerpumpen');
    expect(domainStem('gmail.com')).toBeNull();
    expect(domainStem('163.com')).toBeNull();
  });
});
