import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { allowedRichTextTags, sanitizeRichText } from './sanitize-rich-text';

/**
 * Known XSS payloads in the style of the OWASP XSS filter evasion cheat sheet, plus mutation-XSS
 * (mXSS) shapes. Each must come out with no script, no event handler, no style, no dangerous link and
 * no tag or attribute outside the allow-list, both as text and when a browser-like parser reads it.
 */
const payloads: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<script src=//evil.example/x.js>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<img src="x" onerror="&#97;&#108;&#101;&#114;&#116;(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="jav&#x0A;ascript:alert(1)">newline</a>',
  '<a href="jav&#x0D;ascript:alert(1)">cr</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">decimal</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">padded</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">hex</a>',
  '<a href="javascript&colon;alert(1)">named colon</a>',
  '<a href="  javascript:alert(1)">leading spaces</a>',
  '<a href=" &#14;  javascript:alert(1)">control char</a>',
  '<a href="\u0001javascript:alert(1)">raw control char</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">data upper</a>',
  '<a href="#" onclick="alert(1)" onmouseover="alert(2)">handlers</a>',
  '<a href="https://example.com" style="position:fixed;top:0">style</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<div style="background-image: url(javascript:alert(1))">bg</div>',
  '<div style="width: expression(alert(1));">expression</div>',
  '<p style="behavior: url(xss.htc);">behaviour</p>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1);">',
  '<table background="javascript:alert(1)"><tr><td>t</td></tr></table>',
  '<input type="image" src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<form><button formaction="javascript:alert(1)">X</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">math</math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<template><img src=x onerror=alert(1)></template>',
  '<p>"><script>alert(1)</script></p>',
  '<span onpointerenter=alert(1)>pointer</span>',
  '<b/onclick=alert(1)>slash separator</b>',
  '<a href=javascript:alert(1)>unquoted</a>',
  '<a href="java\0script:alert(1)">null byte</a>',
  '<div><img src="x`<script>alert(1)</script>"`>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="https://example.com" target="_blank">new tab</a>',
];

const allowedTags = new Set<string>(allowedRichTextTags);
const allowedAttributes = new Set(['href', 'target', 'rel']);

/** What a parser sees in the output: every tag and attribute, as a browser would read them. */
function parse(html: string) {
  const tags: { name: string; attribs: Record<string, string> }[] = [];
  const parser = new Parser({
    onopentag: (name, attribs) => tags.push({ name, attribs }),
  });
  parser.write(html);
  parser.end();
  return tags;
}

function expectSafe(input: string) {
  const output = sanitizeRichText(input);
  const lower = output.toLowerCase();
  expect(lower, input).not.toMatch(/<\s*script/);
  expect(lower, input).not.toMatch(/<\s*(style|iframe|object|embed|svg|math|img|form|input|link|meta|base)/);
  expect(lower, input).not.toMatch(/\bon[a-z]+\s*=/);
  expect(lower, input).not.toMatch(/javascript\s*:|vbscript\s*:|data\s*:/);
  expect(lower, input).not.toContain('style=');
  expect(lower, input).not.toContain('expression(');
  for (const tag of parse(output)) {
    expect(allowedTags.has(tag.name), `${input} -> <${tag.name}>`).toBe(true);
    for (const [name, value] of Object.entries(tag.attribs)) {
      expect(allowedAttributes.has(name), `${input} -> ${name}`).toBe(true);
      if (name === 'href') expect(value, input).toMatch(/^(#|https?:\/\/|mailto:|tel:|\/|[^:]*$)/i);
    }
    if (tag.attribs.target?.toLowerCase() === '_blank') {
      expect(tag.attribs.rel, input).toBe('noopener noreferrer');
    }
  }
  // Stable: cleaning the output again changes nothing, so a browser's re-serialisation cannot
  // turn it into something else (the mutation-XSS shape).
  expect(sanitizeRichText(output), input).toBe(output);
  return output;
}

describe('sanitizeRichText', () => {
  it(`removes every script, handler, style and dangerous link from ${payloads.length} known XSS payloads`, () => {
    expect(payloads.length).toBeGreaterThanOrEqual(40);
    for (const payload of payloads) expectSafe(payload);
  });

  it('drops scripts and styles with their content, and unwraps unknown tags keeping their text', () => {
    expect(sanitizeRichText('<p>Hi<script>alert(1)</script><style>p{color:red}</style></p>')).toBe(
      '<p>Hi</p>',
    );
    expect(sanitizeRichText('<div>Plain <img src=x onerror=alert(1)>text</div>')).toBe('Plain text');
    expect(sanitizeRichText('<iframe src="https://evil.example">inside</iframe>after')).toBe('after');
  });

  it("turns javascript:, vbscript: and data: links into '#'", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a href="#">x</a>');
    expect(sanitizeRichText('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a href="#">x</a>');
    expect(sanitizeRichText('<a href="  JAVASCRIPT:alert(1)">x</a>')).toBe('<a href="#">x</a>');
    expect(sanitizeRichText('<a href="vbscript:msgbox(1)">x</a>')).toBe('<a href="#">x</a>');
    expect(sanitizeRichText('<a href="data:text/html,hi">x</a>')).toBe('<a href="#">x</a>');
  });

  it('gives links that open a new tab rel="noopener noreferrer"', () => {
    expect(sanitizeRichText('<a href="https://ndis.gov.au" target="_blank">NDIS</a>')).toBe(
      '<a href="https://ndis.gov.au" target="_blank" rel="noopener noreferrer">NDIS</a>',
    );
    expect(sanitizeRichText('<a href="https://ndis.gov.au" target="_blank" rel="opener">NDIS</a>')).toBe(
      '<a href="https://ndis.gov.au" target="_blank" rel="noopener noreferrer">NDIS</a>',
    );
  });

  it('keeps the formatting of the rich text editor', () => {
    const formatted =
      '<h1>Plan</h1><h2>Goals</h2><h3>Daily</h3><h4>Notes</h4>' +
      '<p><strong>Bold</strong> <b>b</b> <em>italic</em> <i>i</i> <u>under</u> <s>struck</s> <span>span</span><br />next</p>' +
      '<ol><li>first</li></ol><ul><li>second</li></ul><blockquote>quote</blockquote><pre><code>code</code></pre>' +
      '<p><a href="https://www.ndis.gov.au/">NDIS</a> <a href="mailto:care@example.com">mail</a> <a href="/card/1">card</a></p>';
    expect(sanitizeRichText(formatted)).toBe(formatted);
  });

  it('keeps plain text, escaping what could be read as markup', () => {
    expect(sanitizeRichText('Jordan prefers 1 < 2 & "quiet" spaces')).toBe(
      'Jordan prefers 1 &lt; 2 &amp; "quiet" spaces',
    );
  });
});
