import { describe, expect, it } from 'vitest';
import * as constants from './constants';
import { MESSAGE_KEYS, VALIDATION_MESSAGES_EN } from './validation-messages.en';
import {
  CHAT_MESSAGE_MAX,
  chatMessageProblem,
  checkIdImage,
  ID_IMAGE_ACCEPT,
  ID_IMAGE_EXTENSIONS,
  ID_IMAGE_MAX_BYTES,
  ID_IMAGE_MIME_TYPES,
  ID_IMAGE_TYPES,
  inviteCodeProblem,
  isEmail,
  isIdImageBytes,
  isInviteCode,
  isLoginPassword,
  isPhoneNumber,
  isSixDigitCode,
  isStrongPassword,
  isTradePassword,
  isUrl,
  PASSWORD_SYMBOLS,
  phoneNumberProblem,
  sniffImageType,
  tradePasswordProblem,
} from './validators';

describe('isEmail', () => {
  it.each([
    'alice@example.com',
    'a@b.co',
    'a_b@example.com',
    '_x@example.com',
    'first.last@example.com',
    'first-last@example.com',
    'a.b-c_d@sub.example.co.uk',
    'A1@EXAMPLE.COM',
    'user@my-domain.com',
    'user@1.2',
  ])('accepts %j', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    '',
    'alice',
    'alice@',
    '@example.com',
    'alice@example',
    'alice@@example.com',
    'al ice@example.com',
    ' alice@example.com',
    'alice@example.com ',
    '.alice@example.com',
    'alice.@example.com',
    'al..ice@example.com',
    'al.-ice@example.com',
    '-alice@example.com',
    'alice+tag@example.com',
    'alice@example..com',
    'alice@.example.com',
    'alice@example.com.',
    'alice@-example.com',
    'alice@example-.com',
    'alice@exa_mple.com',
    'älice@example.com',
    'alice@exämple.com',
  ])('rejects %j', (email) => {
    expect(isEmail(email)).toBe(false);
  });

  it('enforces the 254 character limit at the boundary', () => {
    const domain = '@example.com';
    expect(isEmail('a'.repeat(254 - domain.length) + domain)).toBe(true);
    expect(isEmail('a'.repeat(255 - domain.length) + domain)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isEmail(undefined as never)).toBe(false);
    expect(isEmail(42 as never)).toBe(false);
  });
});

describe('isLoginPassword', () => {
  it('accepts 6 to 20 characters at the boundaries', () => {
    expect(isLoginPassword('a'.repeat(5))).toBe(false);
    expect(isLoginPassword('a'.repeat(6))).toBe(true);
    expect(isLoginPassword('a'.repeat(20))).toBe(true);
    expect(isLoginPassword('a'.repeat(21))).toBe(false);
  });

  it('accepts letters, digits and every listed symbol', () => {
    expect(isLoginPassword('abcDEF')).toBe(true);
    expect(isLoginPassword('123456')).toBe(true);
    for (const symbol of PASSWORD_SYMBOLS) {
      expect(isLoginPassword(`abcde${symbol}`), symbol).toBe(true);
    }
    expect(isLoginPassword(PASSWORD_SYMBOLS.slice(0, 20))).toBe(true);
  });

  it('defines the symbol set', () => {
    expect(PASSWORD_SYMBOLS).toBe('!@#$%^&*()_+-=[]{};\':",./<>?`~\\|');
  });

  it.each(['abc def', 'abcdéf', 'abcde\t', 'abcde\n', 'abc€de', 'abcde😀', '', '１２３４５６'])(
    'rejects characters outside the set: %j',
    (password) => {
      expect(isLoginPassword(password)).toBe(false);
    },
  );

  it('rejects non-strings', () => {
    expect(isLoginPassword(123456 as never)).toBe(false);
  });
});

describe('isStrongPassword', () => {
  it.each(['abc123', 'abc!@#', '123!@#', 'aB3!xx', 'abcdefghijklmnopqrstuvwxyz1', '1234567890!'])('accepts %j', (p) => {
    expect(isStrongPassword(p)).toBe(true);
  });

  it.each([
    ['abcdef', 'letters only'],
    ['ABCDEFGH', 'letters only'],
    ['123456', 'digits only'],
    ['!@#$%^', 'symbols only'],
    ['abc12', 'too short'],
    ['a1!', 'too short'],
    ['', 'empty'],
    ['abc 123', 'space'],
    ['abcé123', 'non-ASCII'],
  ])('rejects %j (%s)', (p) => {
    expect(isStrongPassword(p)).toBe(false);
  });

  it('counts length at the boundary', () => {
    expect(isStrongPassword('abcd1')).toBe(false);
    expect(isStrongPassword('abcd12')).toBe(true);
  });

  it('rejects non-strings', () => {
    expect(isStrongPassword(null as never)).toBe(false);
  });
});

describe('isSixDigitCode', () => {
  it.each(['000000', '123456', '999999'])('accepts %j', (code) => {
    expect(isSixDigitCode(code)).toBe(true);
  });

  it.each(['', '12345', '1234567', '12345a', ' 123456', '123456 ', '12 456', '１２３４５６', '٠١٢٣٤٥', '-12345', '12345.'])(
    'rejects %j',
    (code) => {
      expect(isSixDigitCode(code)).toBe(false);
    },
  );

  it('rejects numbers', () => {
    expect(isSixDigitCode(123456 as never)).toBe(false);
  });
});

describe('trade password', () => {
  it.each([
    ['', 'tradePwdRequired'],
    [undefined, 'tradePwdRequired'],
    ['12345', 'tradePwdSixDigits'],
    ['1234567', 'tradePwdSixDigits'],
    ['abcdef', 'tradePwdSixDigits'],
    [' 12345', 'tradePwdSixDigits'],
    ['      ', 'tradePwdSixDigits'],
    ['123456', null],
    ['000000', null],
  ])('%j -> %s', (value, problem) => {
    expect(tradePasswordProblem(value as string)).toBe(problem);
    expect(isTradePassword(value as string)).toBe(problem === null);
  });

  it('has the English texts of the spec', () => {
    expect(VALIDATION_MESSAGES_EN.tradePwdRequired).toBe('Please set the transaction password');
    expect(VALIDATION_MESSAGES_EN.tradePwdSixDigits).toBe('The password must be 6 digits long');
  });
});

describe('isUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com',
    'HTTPS://EXAMPLE.COM',
    'https://localhost',
    'https://localhost:3000',
    'https://example.com:65535/',
    'https://sub.example.co.uk/path/to?q=1&b=2#frag',
    'http://127.0.0.1:8080/x',
    'http://[::1]:8080/',
    'https://example.com?x',
    'https://example.com#top',
    'https://xn--bcher-kva.example',
  ])('accepts %j', (url) => {
    expect(isUrl(url)).toBe(true);
  });

  it.each([
    '',
    'example.com',
    'www.example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://',
    'https://',
    'http:/example.com',
    'http//example.com',
    'https:// example.com',
    'https://exa mple.com',
    'https://example.com/a b',
    ' https://example.com',
    'https://example.com:65536',
    'https://example.com:',
    'https://example.com:123456',
    'https://user:pass@example.com',
    'https://-example.com',
    'https://example..com',
    'https://exa_mple.com',
    'data:text/html,hi',
    '//example.com',
  ])('rejects %j', (url) => {
    expect(isUrl(url)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isUrl(undefined as never)).toBe(false);
  });

  it('stays fast on long pathological hosts', () => {
    const started = performance.now();
    expect(isUrl(`https://${'a'.repeat(100_000)}!`)).toBe(false);
    expect(isUrl(`https://${'a-'.repeat(50_000)}!`)).toBe(false);
    expect(isUrl(`https://${'a.'.repeat(50_000)}-`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('phone numbers', () => {
  it.each([
    ['49', '15112345678', null],
    ['+49', '15112345678', null],
    ['1', '2025550123', null],
    ['852', '91234567', null],
    // total digit count boundaries: 5..15
    ['1', '2345', null],
    ['1', '234', 'phoneInvalid'],
    ['49', '123', null],
    ['49', '12', 'phoneInvalid'],
    ['49', '1234567890123', null],
    ['49', '12345678901234', 'phoneInvalid'],
    ['123', '123456789012', null],
    ['123', '1234567890123', 'phoneInvalid'],
    // area code
    ['', '15112345678', 'phoneInvalid'],
    ['+', '15112345678', 'phoneInvalid'],
    ['0', '15112345678', 'phoneInvalid'],
    ['049', '15112345678', 'phoneInvalid'],
    ['1234', '12345678', 'phoneInvalid'],
    ['4a', '15112345678', 'phoneInvalid'],
    ['++49', '15112345678', 'phoneInvalid'],
    [undefined, '15112345678', 'phoneInvalid'],
    // number format
    ['49', '151 1234 5678', 'phoneFormat'],
    ['49', '151-12345678', 'phoneFormat'],
    ['49', '+4915112345678', 'phoneFormat'],
    ['49', '１５１１２３４５', 'phoneFormat'],
    ['49', 'abc', 'phoneFormat'],
    // nothing entered
    ['49', '', 'phoneUpload'],
    ['49', '   ', 'phoneUpload'],
    ['49', undefined, 'phoneUpload'],
  ])('area %j number %j -> %s', (area, number, problem) => {
    expect(phoneNumberProblem(area as string, number as string)).toBe(problem);
    expect(isPhoneNumber(area as string, number as string)).toBe(problem === null);
  });
});

describe('invite codes', () => {
  it.each([
    ['', 'inviteCodeRequired'],
    ['   ', 'inviteCodeRequired'],
    [undefined, 'inviteCodeRequired'],
    ['abc', 'inviteCodeInvalid'],
    ['abcd', null],
    ['AB12cd34', null],
    ['a'.repeat(32), null],
    ['a'.repeat(33), 'inviteCodeInvalid'],
    ['abc-12', 'inviteCodeInvalid'],
    ['abc_12', 'inviteCodeInvalid'],
    [' abcd', 'inviteCodeInvalid'],
    ['abcd ', 'inviteCodeInvalid'],
    ['abcdé', 'inviteCodeInvalid'],
  ])('%j -> %s', (code, problem) => {
    expect(inviteCodeProblem(code as string)).toBe(problem);
    expect(isInviteCode(code as string)).toBe(problem === null);
  });
});

describe('chatMessageProblem', () => {
  it('flags messages without a visible character', () => {
    expect(chatMessageProblem('')).toBe('text_fsnrbnwk');
    expect(chatMessageProblem('   ')).toBe('text_fsnrbnwk');
    expect(chatMessageProblem('\n\t \u00a0\u3000')).toBe('text_fsnrbnwk');
    expect(chatMessageProblem(' '.repeat(500))).toBe('text_fsnrbnwk');
    expect(chatMessageProblem(undefined as never)).toBe('text_fsnrbnwk');
  });

  it('accepts up to CHAT_MESSAGE_MAX characters', () => {
    expect(CHAT_MESSAGE_MAX).toBe(400);
    expect(chatMessageProblem('a')).toBeNull();
    expect(chatMessageProblem(' a ')).toBeNull();
    expect(chatMessageProblem('a'.repeat(399))).toBeNull();
    expect(chatMessageProblem('a'.repeat(400))).toBeNull();
    expect(chatMessageProblem('a'.repeat(401))).toBe('tooLong');
    expect(chatMessageProblem(` ${'a'.repeat(399)} `)).toBe('tooLong');
  });

  it('counts an emoji as one character', () => {
    expect(chatMessageProblem('😀'.repeat(400))).toBeNull();
    expect(chatMessageProblem('😀'.repeat(401))).toBe('tooLong');
  });

  it('is the same constant as constants.CHAT_MESSAGE_MAX', () => {
    expect(CHAT_MESSAGE_MAX).toBe(constants.CHAT_MESSAGE_MAX);
  });
});

describe('checkIdImage', () => {
  const ok = { name: 'id.jpg', type: 'image/jpeg', size: 1024 };

  it('exposes the accepted types', () => {
    expect(ID_IMAGE_TYPES).toEqual({ jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', gif: 'image/gif' });
    expect(ID_IMAGE_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'bmp', 'gif']);
    expect(ID_IMAGE_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/bmp', 'image/gif', 'image/x-ms-bmp']);
    expect(ID_IMAGE_ACCEPT).toBe('.jpg,.jpeg,.png,.bmp,.gif,image/jpeg,image/png,image/bmp,image/gif,image/x-ms-bmp');
    expect(ID_IMAGE_MAX_BYTES).toBe(5_242_880);
  });

  it.each([
    ['id.jpg', 'image/jpeg'],
    ['id.JPEG', 'image/jpeg'],
    ['id.png', 'image/png'],
    ['id.bmp', 'image/bmp'],
    ['id.bmp', 'image/x-ms-bmp'],
    ['id.gif', 'image/gif'],
    ['id.GIF', 'IMAGE/GIF'],
    ['my.id.card.png', 'image/png'],
    ['id.png', ''],
    ['id.png', 'image/jpeg'],
  ])('accepts %j (%j)', (name, type) => {
    expect(checkIdImage({ ...ok, name, type })).toBeNull();
  });

  it.each([
    ['id.webp', 'image/webp'],
    ['id.pdf', 'application/pdf'],
    ['id.svg', 'image/svg+xml'],
    ['id.heic', 'image/heic'],
    ['id', 'image/jpeg'],
    ['id.', 'image/jpeg'],
    ['', 'image/jpeg'],
    ['jpg', 'image/jpeg'],
    ['id.jpg.exe', 'application/octet-stream'],
    ['id.jpg', 'image/webp'],
    ['id.jpg', 'text/html'],
    ['id.toString', ''],
    ['id.constructor', ''],
  ])('rejects the type of %j (%j)', (name, type) => {
    expect(checkIdImage({ ...ok, name, type })).toBe('idImageType');
  });

  it('checks the size at the boundary', () => {
    expect(checkIdImage({ ...ok, size: 1 })).toBeNull();
    expect(checkIdImage({ ...ok, size: ID_IMAGE_MAX_BYTES })).toBeNull();
    expect(checkIdImage({ ...ok, size: ID_IMAGE_MAX_BYTES + 1 })).toBe('idImageSize');
    expect(checkIdImage({ ...ok, size: 0 })).toBe('idImageType');
    expect(checkIdImage({ ...ok, size: -1 })).toBe('idImageSize');
    expect(checkIdImage({ ...ok, size: Number.NaN })).toBe('idImageSize');
    expect(checkIdImage({ ...ok, size: 1.5 })).toBe('idImageSize');
    expect(checkIdImage({ ...ok, size: undefined as never })).toBe('idImageSize');
  });

  it('reports the type before the size', () => {
    expect(checkIdImage({ name: 'id.pdf', type: 'application/pdf', size: ID_IMAGE_MAX_BYTES + 1 })).toBe('idImageType');
  });

  it('tolerates missing fields', () => {
    expect(checkIdImage({} as never)).toBe('idImageType');
    expect(checkIdImage({ name: 'id.png', size: 10 } as never)).toBeNull();
  });
});

describe('sniffImageType', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
  const bmpHeader = (dibSize: number) =>
    bytes(...ascii('BM'), 0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, dibSize & 0xff, (dibSize >> 8) & 0xff, 0, 0);

  it.each<[string, Uint8Array, ReturnType<typeof sniffImageType>]>([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'jpeg'],
    ['jpeg minimal', bytes(0xff, 0xd8, 0xff), 'jpeg'],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), 'png'],
    ['gif87a', bytes(...ascii('GIF87a'), 1, 0), 'gif'],
    ['gif89a', bytes(...ascii('GIF89a')), 'gif'],
    ['webp', bytes(...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBP'), ...ascii('VP8 ')), 'webp'],
    ['bmp (BITMAPINFOHEADER)', bmpHeader(40), 'bmp'],
    ['bmp (BITMAPCOREHEADER)', bmpHeader(12), 'bmp'],
    ['bmp (BITMAPV5HEADER)', bmpHeader(124), 'bmp'],
    ['bmp with unknown DIB size', bmpHeader(41), null],
    ['text starting with BM', bytes(...ascii('BMW is a car brand!')), null],
    ['truncated bmp', bytes(...ascii('BM'), 0, 0), null],
    ['truncated jpeg', bytes(0xff, 0xd8), null],
    ['truncated png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a), null],
    ['png with wrong byte', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b), null],
    ['GIF88a', bytes(...ascii('GIF88a')), null],
    ['RIFF WAVE', bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')), null],
    ['RIFF truncated', bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEB')), null],
    ['pdf', bytes(...ascii('%PDF-1.7')), null],
    ['svg', bytes(...ascii('<svg xmlns')), null],
    ['html', bytes(...ascii('<!DOCTYPE html>')), null],
    ['empty', bytes(), null],
  ])('%s', (_label, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });

  it('reads through a subarray view (e.g. a Node Buffer slice)', () => {
    const buffer = new Uint8Array([0, 0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(sniffImageType(buffer.subarray(2))).toBe('png');
  });

  it('returns null for non-byte input', () => {
    expect(sniffImageType(undefined as never)).toBeNull();
    expect(sniffImageType([0xff, 0xd8, 0xff] as never)).toBeNull();
  });

  it('accepts only jpeg, png, bmp and gif as ID images', () => {
    expect(isIdImageBytes(bytes(0xff, 0xd8, 0xff))).toBe(true);
    expect(isIdImageBytes(bmpHeader(40))).toBe(true);
    expect(isIdImageBytes(bytes(...ascii('GIF89a')))).toBe(true);
    expect(isIdImageBytes(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')))).toBe(false);
    expect(isIdImageBytes(bytes(...ascii('%PDF')))).toBe(false);
  });
});

describe('MESSAGE_KEYS', () => {
  it('maps every key to itself and has an English text for each', () => {
    const keys = Object.keys(MESSAGE_KEYS);
    expect(keys.sort()).toEqual(Object.keys(VALIDATION_MESSAGES_EN).sort());
    for (const key of keys) {
      expect(MESSAGE_KEYS[key as keyof typeof MESSAGE_KEYS]).toBe(key);
      expect(VALIDATION_MESSAGES_EN[key as keyof typeof VALIDATION_MESSAGES_EN]).toMatch(/\S/);
    }
    expect(Object.isFrozen(MESSAGE_KEYS)).toBe(true);
  });

  it('lists every key the validators produce', () => {
    expect(Object.keys(MESSAGE_KEYS).sort()).toEqual(
      [
        'tradePwdRequired',
        'tradePwdSixDigits',
        'phoneInvalid',
        'phoneFormat',
        'phoneUpload',
        'inviteCodeRequired',
        'inviteCodeInvalid',
        'text_fsnrbnwk',
        'tooLong',
        'idImageType',
        'idImageSize',
      ].sort(),
    );
    expect(VALIDATION_MESSAGES_EN.tooLong).toContain('400');
  });
});
