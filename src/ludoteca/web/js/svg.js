// Tiny DOM helpers: SVG and HTML elements from a tag, attributes and children.

export const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An SVG element: svg('rect', {x: 0, y: 0}, ...children). */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An HTML element: h('button', {class: 'x', onclick: f}, 'Label'). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** Replace every child of `node` with `children`. */
export function replace(node, ...children) {
  node.replaceChildren();
  fill(node, {}, children);
  return node;
}

/** A point as "x,y" with at most one decimal. */
export function pt(p) {
  return `${Math.round(p[0] * 10) / 10},${Math.round(p[1] * 10) / 10}`;
}

/** The corners of a pointy-top hexagon centred on (x, y) with circumradius r, as SVG points. */
export function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k += 1) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}
