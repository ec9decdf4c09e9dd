// A stand-in for the maps provider's script, served from 127.0.0.1 in the journeys: the same
// calls the office map makes, drawn as plain DOM so tests can click the marker and read the
// info window.
(() => {
  const src = document.currentScript.src;
  const callback = new URL(src).searchParams.get("callback");
  window.__mapsStandIn = { requests: [src], options: null };

  class Listeners {
    constructor() {
      this.handlers = {};
    }
    addListener(event, handler) {
      (this.handlers[event] ??= []).push(handler);
      return {
        remove: () => (this.handlers[event] = this.handlers[event].filter((h) => h !== handler)),
      };
    }
    trigger(event) {
      for (const handler of this.handlers[event] ?? []) handler();
    }
  }

  class Map {
    constructor(element, options) {
      window.__mapsStandIn.options = options;
      this.element = element;
      const canvas = document.createElement("div");
      canvas.dataset.standIn = "map";
      canvas.style.cssText = "position:absolute;inset:0;background:#e5e7eb";
      canvas.textContent = `Map at ${options.center.lat},${options.center.lng} zoom ${options.zoom}`;
      element.append(canvas);
    }
    setCenter() {}
  }

  class Marker extends Listeners {
    constructor({ map, title }) {
      super();
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `Marker: ${title}`;
      button.style.cssText = "position:absolute;left:45%;top:45%";
      button.addEventListener("click", () => this.trigger("click"));
      map.element.append(button);
      this.button = button;
    }
    setMap(map) {
      if (!map) this.button.remove();
    }
    setPosition() {}
  }

  class InfoWindow extends Listeners {
    constructor({ content, ariaLabel }) {
      super();
      this.content = content;
      this.ariaLabel = ariaLabel;
      this.box = null;
    }
    setContent(content) {
      this.content = content;
    }
    open({ map }) {
      this.close();
      const box = document.createElement("div");
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-label", this.ariaLabel);
      box.style.cssText = "position:absolute;left:10px;top:10px;background:#fff;padding:8px";
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = "Close info window";
      close.addEventListener("click", () => {
        this.close();
        this.trigger("closeclick");
      });
      box.append(this.content, close);
      map.element.append(box);
      this.box = box;
    }
    close() {
      this.box?.remove();
      this.box = null;
    }
  }

  window.google = { maps: { Map, Marker, InfoWindow } };
  setTimeout(() => window[callback]?.(), 50);
})();
