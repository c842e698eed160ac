// Pan (one-finger or mouse drag) and zoom (two-finger pinch, wheel, buttons, keys) of a board.
//
// PanZoom moves an SVG through its viewBox (the Carcassonne board, drawn once and updated);
// ZoomBox moves whatever a container holds through a CSS transform, so a map that is drawn
// anew at every view (Tharsis, the Dice Game's Mars, On Mars) keeps its zoom and pan.
// Both share the gesture code: pointer events, a tap (moved less than SLOP px) stays a click,
// a drag or a pinch swallows the click that ends it.

const SLOP = 6; // px a pointer may move and still be a tap

/** Pointer gestures on `el`: calls `pan(dx, dy)` (px since the last call) and `pinch(f, x, y)`. */
class Gestures {
  constructor(el, { pan, pinch, wheel }) {
    this.el = el;
    this.pointers = new Map(); // pointerId -> {x, y}
    this.moving = false;
    this.suppress = false;
    this.pan = pan;
    this.pinch = pinch;
    if (wheel) el.addEventListener('wheel', (e) => { e.preventDefault(); wheel(e); }, { passive: false });
    el.addEventListener('pointerdown', (e) => this.down(e));
    el.addEventListener('pointermove', (e) => this.move(e));
    el.addEventListener('pointerup', (e) => this.up(e));
    el.addEventListener('pointercancel', (e) => this.up(e));
    el.addEventListener('click', (e) => {
      if (!this.suppress) return;
      e.stopPropagation();
      e.preventDefault();
      this.suppress = false;
    }, true);
  }

  down(e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    if (this.pointers.size === 1) this.moving = false;
  }

  /** The centre and spread of the (first two) pointers. */
  spread() {
    const [a, b] = [...this.pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  start() {
    if (this.moving) return;
    this.moving = true;
    for (const id of this.pointers.keys()) {
      try { this.el.setPointerCapture(id); } catch { /* the pointer is gone */ }
    }
    this.el.classList.add('dragging');
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    if (this.pointers.size >= 2) {
      const before = this.spread();
      p.x = e.clientX;
      p.y = e.clientY;
      const after = this.spread();
      this.start();
      this.pan(after.x - before.x, after.y - before.y);
      this.pinch(after.d / before.d, after.x, after.y);
      return;
    }
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!this.moving && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < SLOP) return;
    this.start();
    p.x = e.clientX;
    p.y = e.clientY;
    this.pan(dx, dy);
  }

  up(e) {
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.pointers.size || !this.moving) return;
    this.moving = false;
    this.suppress = true;
    setTimeout(() => { this.suppress = false; }, 0);
    this.el.classList.remove('dragging');
  }
}

export class PanZoom {
  /** `svg`: the element; the view is kept as a centre (cx, cy) and a zoom (pixels per unit). */
  constructor(svg, { minZoom = 0.12, maxZoom = 4 } = {}) {
    this.svg = svg;
    this.cx = 50;
    this.cy = 50;
    this.zoom = 0.8;
    this.minZoom = minZoom;
    this.maxZoom = maxZoom;
    this.userMoved = false; // true once the player panned or zoomed by hand
    this.gestures = new Gestures(svg, {
      pan: (dx, dy) => {
        this.cx -= dx / this.zoom;
        this.cy -= dy / this.zoom;
        this.userMoved = true;
        this.apply();
      },
      pinch: (f, x, y) => this.zoomBy(f, x, y),
      wheel: (e) => this.zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY),
    });
    new ResizeObserver(() => this.apply()).observe(svg);
  }

  size() {
    const r = this.svg.getBoundingClientRect();
    return [Math.max(1, r.width), Math.max(1, r.height)];
  }

  apply() {
    const [w, h] = this.size();
    const vw = w / this.zoom;
    const vh = h / this.zoom;
    this.svg.setAttribute('viewBox', `${this.cx - vw / 2} ${this.cy - vh / 2} ${vw} ${vh}`);
  }

  /** Client (pixel) coordinates to SVG units. */
  toSvg(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const [w, h] = this.size();
    return [this.cx + (clientX - r.left - w / 2) / this.zoom, this.cy + (clientY - r.top - h / 2) / this.zoom];
  }

  /** Zoom by `factor`, keeping the point under (clientX, clientY) (default: the centre) in place. */
  zoomBy(factor, clientX, clientY) {
    const z = Math.min(this.maxZoom, Math.max(this.minZoom, this.zoom * factor));
    if (clientX !== undefined) {
      const [px, py] = this.toSvg(clientX, clientY);
      this.cx = px - (px - this.cx) * (this.zoom / z);
      this.cy = py - (py - this.cy) * (this.zoom / z);
    }
    this.zoom = z;
    this.userMoved = true;
    this.apply();
  }

  /**
   * Show the box [x0, y0, x1, y1] (SVG units) whole, with `margin` units around it, at most
   * `maxZoom`; at least `minZoom` (a touch screen asks for pieces big enough to tap), then centred.
   */
  fit(box, margin = 60, maxZoom = 1.1, minZoom = this.minZoom) {
    const [w, h] = this.size();
    const bw = box[2] - box[0] + 2 * margin;
    const bh = box[3] - box[1] + 2 * margin;
    const fitted = Math.min(maxZoom, this.maxZoom, Math.min(w / bw, h / bh));
    this.zoom = Math.max(this.minZoom, minZoom, fitted);
    this.cx = (box[0] + box[2]) / 2;
    this.cy = (box[1] + box[3]) / 2;
    this.apply();
  }

  /** Make sure the box is on screen (pan only, if needed). */
  reveal(box) {
    const [w, h] = this.size();
    const vw = w / this.zoom;
    const vh = h / this.zoom;
    if (box[0] < this.cx - vw / 2 || box[2] > this.cx + vw / 2) this.cx = (box[0] + box[2]) / 2;
    if (box[1] < this.cy - vh / 2 || box[3] > this.cy + vh / 2) this.cy = (box[1] + box[3]) / 2;
    this.apply();
  }
}

/**
 * Pinch-zoom and drag of what `container` holds (its children are redrawn freely): the
 * transform lives in the container's CSS variables --zx, --zy (px) and --zs (scale), applied
 * by `.zoom-box > *` in style.css. At scale 1 the content sits as laid out; the pan is kept
 * so that the content never leaves the box entirely. Double-tap (or `reset()`) goes back.
 */
export class ZoomBox {
  constructor(container, { maxScale = 4 } = {}) {
    this.el = container;
    this.x = 0;
    this.y = 0;
    this.scale = 1;
    this.maxScale = maxScale;
    container.classList.add('zoom-box');
    this.gestures = new Gestures(container, {
      pan: (dx, dy) => {
        if (this.scale > 1) this.set(this.x + dx, this.y + dy, this.scale);
        this.auto = false;
      },
      pinch: (f, cx, cy) => {
        this.auto = false;
        const r = container.getBoundingClientRect();
        const s = Math.min(this.maxScale, Math.max(1, this.scale * f));
        const k = s / this.scale;
        const px = cx - r.left;
        const py = cy - r.top;
        this.set(px - (px - this.x) * k, py - (py - this.y) * k, s);
      },
    });
    container.addEventListener('dblclick', () => this.reset());
    container.zoomBox = this; // game.js asks it to focus on each new decision
    this.focused = null;
    this.auto = false; // the zoom is focusTargets' own (not the player's): the next decision may undo it
  }

  /**
   * Once per decision (`key`), on a touch screen: if the decision's pieces in the box
   * (role=button or data-action) are smaller than `minPx` across, zoom so that they are
   * (at most maxScale) and centre them; a finger drag reaches the rest. A decision without
   * such pieces undoes that zoom (never one the player made).
   */
  focusTargets(key, minPx = 44) {
    if (key === this.focused) return;
    this.focused = key;
    if (!window.matchMedia('(pointer: coarse)').matches) return;
    const boxes = [...this.el.querySelectorAll('[role=button], [data-action]')]
      .map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
    const r = this.el.getBoundingClientRect();
    const smallest = boxes.length ? Math.min(...boxes.map((b) => Math.min(b.width, b.height))) / this.scale : Infinity;
    if (smallest >= minPx) {
      if (this.auto) this.reset();
      return;
    }
    const s = Math.min(this.maxScale, minPx / smallest);
    const toContent = (px, origin, shift) => (px - origin - shift) / this.scale; // client px -> unscaled content px
    const x0 = toContent(Math.min(...boxes.map((b) => b.left)), r.left, this.x);
    const x1 = toContent(Math.max(...boxes.map((b) => b.right)), r.left, this.x);
    const y0 = toContent(Math.min(...boxes.map((b) => b.top)), r.top, this.y);
    const y1 = toContent(Math.max(...boxes.map((b) => b.bottom)), r.top, this.y);
    this.set(r.width / 2 - ((x0 + x1) / 2) * s, r.height / 2 - ((y0 + y1) / 2) * s, s);
    this.auto = true;
  }

  reset() {
    this.set(0, 0, 1);
    this.auto = false;
  }

  set(x, y, scale) {
    const r = this.el.getBoundingClientRect();
    this.scale = scale;
    this.x = Math.min(0, Math.max(r.width * (1 - scale), x)); // the content still covers the box
    this.y = Math.min(0, Math.max(r.height * (1 - scale), y));
    this.el.style.setProperty('--zx', `${this.x}px`);
    this.el.style.setProperty('--zy', `${this.y}px`);
    this.el.style.setProperty('--zs', String(scale));
    this.el.classList.toggle('zoomed', scale > 1);
  }
}
