import type { LiteElement } from 'mathjax-full/js/adaptors/lite/Element.js';
import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import 'mathjax-full/js/input/tex/ams/AmsConfiguration.js';
import 'mathjax-full/js/input/tex/boldsymbol/BoldsymbolConfiguration.js';
import 'mathjax-full/js/input/tex/cancel/CancelConfiguration.js';
import 'mathjax-full/js/input/tex/newcommand/NewcommandConfiguration.js';
import 'mathjax-full/js/input/tex/noundefined/NoUndefinedConfiguration.js';
import 'mathjax-full/js/input/tex/textmacros/TextMacrosConfiguration.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

/** A typeset formula: SVG with its glyphs as paths, and its size in ex of the surrounding text. */
export interface MathBox {
  svg: string;
  /** Width, height (ascent + descent) and descent below the baseline, in ex. */
  width: number;
  height: number;
  depth: number;
}

/**
 * The packages the bank's KaTeX-style TeX uses (fractions, roots, AMS environments and symbols, \text, \cancel):
 * no `html` (\href, \style) and no `require`, so content cannot load or link anything — KaTeX's `trust: false` on the
 * web. An unknown macro shows in red (noundefined), as KaTeX's `throwOnError: false` does.
 */
const PACKAGES = ['base', 'ams', 'newcommand', 'noundefined', 'boldsymbol', 'cancel', 'textmacros'];

let converter: ((tex: string, display: boolean) => MathBox) | null = null;

function build(): (tex: string, display: boolean) => MathBox {
  const adaptor = liteAdaptor();
  RegisterHTMLHandler(adaptor);
  // fontCache 'none': every glyph is a path in its own SVG, which svg-to-pdfkit draws without <use> references.
  const document = mathjax.document('', {
    InputJax: new TeX({ packages: PACKAGES }),
    OutputJax: new SVG({ fontCache: 'none' }),
  });
  return (tex, display) => {
    // MathJax types convert()'s result as any; with the lite adaptor it is a LiteElement.
    const node = document.convert(tex, { display, em: 16, ex: 8, containerWidth: 80 * 16 }) as unknown as LiteElement;
    const svg = adaptor.innerHTML(node);
    const size = (attr: string) => Number(new RegExp(`${attr}="(-?[\\d.]+)ex"`).exec(svg)?.[1] ?? 0);
    const align = Number(/vertical-align:\s*(-?[\d.]+)ex/.exec(svg)?.[1] ?? 0);
    return { svg, width: size('width'), height: size('height'), depth: -align };
  };
}

const cache = new Map<string, MathBox>();
const CACHE_LIMIT = 5000;

/** TeX → SVG (MathJax's TeX input and SVG output, run in this process); the same formula is typeset once. */
export function typesetMath(tex: string, display = false): MathBox {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit) return hit;
  converter ??= build();
  const box = converter(tex, display);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, box);
  return box;
}
