/**
 * RFC 3986 URI syntax, as far as a listed URI can be judged without knowing its scheme:
 * scheme ":" hier-part [ "?" query ] [ "#" fragment ], every character unreserved, reserved or
 * part of a %XX escape, brackets only around an IP-literal host. RFC 6570 templates are
 * judged by expanding each expression with a sample value first.
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// unreserved / gen-delims / sub-delims, plus "%" (escapes are checked on their own).
const ALLOWED = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/** What makes `uri` not an RFC 3986 URI, or undefined when it is one. */
export function uriProblem(uri: string): string | undefined {
  if (!SCHEME.test(uri)) return 'it does not start with a scheme (a letter, then letters, digits, "+", "-" or ".", then ":")';
  const bad = [...uri].find((char) => !ALLOWED.test(char));
  if (bad !== undefined) return `it contains ${describeChar(bad)}, which must be percent-encoded`;
  if (/%(?![0-9A-Fa-f]{2})/.test(uri)) return 'it contains a "%" that does not start a %XX escape';
  const hash = uri.indexOf('#');
  if (hash !== -1 && uri.indexOf('#', hash + 1) !== -1) return 'it contains more than one "#"';
  const afterScheme = uri.slice(uri.indexOf(':') + 1);
  const hierPart = afterScheme.split('#')[0]!.split('?')[0]!;
  const authority = hierPart.startsWith('//') ? hierPart.slice(2).split('/')[0]! : '';
  const path = hierPart.startsWith('//') ? hierPart.slice(2 + authority.length) : hierPart;
  const queryAndFragment = afterScheme.slice(hierPart.length);
  if (/[[\]]/.test(path) || /[[\]]/.test(queryAndFragment)) return 'it contains "[" or "]" outside an IP-literal host';
  if (authority.includes('[') && !/^(?:[^@]*@)?\[[0-9A-Fa-f:.vV]+\](?::\d*)?$/.test(authority)) return 'its authority has a malformed IP-literal ("[...]")';
  return undefined;
}

/** The template expanded with a sample value per expression (RFC 6570 operators kept in shape). */
export function expandTemplate(template: string): string {
  return template.replace(/\{([+#./;?&]?)([^}]*)\}/g, (_whole, operator: string) => {
    switch (operator) {
      case '#':
        return '#x';
      case '.':
        return '.x';
      case '/':
        return '/x';
      case ';':
        return ';v=x';
      case '?':
        return '?v=x';
      case '&':
        return '&v=x';
      default:
        return 'x';
    }
  });
}

/** What makes `template` not expand to an RFC 3986 URI, or undefined. */
export function templateProblem(template: string): string | undefined {
  if (/[{}]/.test(template.replace(/\{[+#./;?&]?[A-Za-z0-9_.%,*:]+\}/g, ''))) return 'it has an unbalanced or malformed "{...}" expression';
  const problem = uriProblem(expandTemplate(template));
  return problem && `expanded (${expandTemplate(template)}), ${problem}`;
}

function describeChar(char: string): string {
  if (char === ' ') return 'a space';
  const code = char.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  return `"${char}"`;
}
