import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlIn, urlSecrets } from './url.js';

describe('redactUrl', () => {
  it('masks a userinfo password and every query or fragment parameter named like a credential', () => {
    expect(redactUrl('postgres://retro:pw@db:5432/team?sslmode=require')).toBe(
      'postgres://retro:***@db:5432/team?sslmode=require',
    );
    expect(redactUrl('postgres://u@h/db?password=libpq&sslmode=require&application_name=x')).toBe(
      'postgres://u@h/db?password=***&sslmode=require&application_name=x',
    );
    expect(redactUrl('http://collector:4318/?token=abc123')).toBe('http://collector:4318/?token=***');
    expect(
      redactUrl(
        'https://h/v1/metrics?API_KEY=a&access_token=b&X-Amz-Signature=c&sig=d&secret=e&pwd=f&page=2',
      ),
    ).toBe(
      'https://h/v1/metrics?API_KEY=***&access_token=***&X-Amz-Signature=***&sig=***&secret=***&pwd=***&page=2',
    );
    expect(redactUrl('https://app/cb#access_token=tok&state=s')).toBe(
      'https://app/cb#access_token=***&state=s',
    );
    expect(redactUrl('postgres://db/team')).toBe('postgres://db/team');
  });

  it('masks a URL too malformed to parse, keeping the rest as written', () => {
    expect(redactUrl('postgres://u:pw@h:notaport/db?pass=x')).toBe('postgres://u:***@h:notaport/db?pass=***');
    expect(redactUrl('postgres://u:p@ss@h/db')).toBe('postgres://u:***@h/db');
  });

  it('takes the URL’s secrets out of a message that quotes them', () => {
    const url = 'postgres://u:p%40ss@h/db?password=hunter22';
    expect(urlSecrets(url)).toEqual(expect.arrayContaining(['p%40ss', 'p@ss', 'hunter22']));
    expect(redactUrlIn(`failed at ${url}: bad password hunter22`, url)).toBe(
      'failed at postgres://u:***@h/db?password=***: bad password ***',
    );
  });
});
