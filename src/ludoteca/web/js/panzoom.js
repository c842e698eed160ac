// Pan (drag) and zoom (wheel, buttons, keys) of an SVG through its viewBox.

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
    this._drag = null;
    this._suppressClick = false;
    svg.addEventListener('wheel', (e) => this._wheel(e), { passive: false });
    svg.addEventListener('pointerdown', (e) => this._down(e));
    svg.addEventListener('pointermove', (e) => this._move(e));
    svg.addEventListener('pointerup', (e) => this._up(e));
    svg.addEventListener('pointercancel', (e) => this._up(e));
    svg.addEventListener('click', (e) => {
      if (this._suppressClick) {
        e.stopPropagation();
        e.preventDefault();
        this._suppressClick = false;
      }
    }, true);
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

  /** Show the box [x0, y0, x1, y1] (SVG units) whole, with `margin` units around it. */
  fit(box, margin = 60, maxZoom = 1.1) {
    const [w, h] = this.size();
    const bw = box[2] - box[0] + 2 * margin;
    const bh = box[3] - box[1] + 2 * margin;
    this.zoom = Math.min(maxZoom, this.maxZoom, Math.max(this.minZoom, Math.min(w / bw, h / bh)));
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

  _wheel(e) {
    e.preventDefault();
    this.zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
  }

  _down(e) {
    if (e.button !== 0) return;
    this._drag = { id: e.pointerId, x: e.clientX, y: e.clientY, cx: this.cx, cy: this.cy, moving: false };
  }

  _move(e) {
    const d = this._drag;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moving && Math.hypot(dx, dy) < 5) return;
    if (!d.moving) {
      d.moving = true;
      this.svg.setPointerCapture(e.pointerId);
      this.svg.classList.add('dragging');
    }
    this.cx = d.cx - dx / this.zoom;
    this.cy = d.cy - dy / this.zoom;
    this.userMoved = true;
    this.apply();
  }

  _up(e) {
    const d = this._drag;
    if (!d || d.id !== e.pointerId) return;
    if (d.moving) {
      this._suppressClick = true;
      setTimeout(() => { this._suppressClick = false; }, 0);
      this.svg.classList.remove('dragging');
    }
    this._drag = null;
  }
}
