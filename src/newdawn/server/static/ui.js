// The view library of the table and the lobby: Preact with htm (tagged templates instead of JSX),
// vendored in vendor/ (no build step). Every component module imports from here only.
import { Component, Fragment, h, render } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import htm from "./vendor/htm.module.js";

export const html = htm.bind(h);
export { Component, Fragment, h, render, useEffect, useLayoutEffect, useMemo, useRef, useState };

function shallowEqual(a, b) {
  for (const k in a) if (a[k] !== b[k]) return false;
  for (const k in b) if (!(k in a)) return false;
  return true;
}

/** A component that re-renders only when one of its props changed (by identity). */
export function pure(fn) {
  class Pure extends Component {
    shouldComponentUpdate(next) {
      return !shallowEqual(this.props, next);
    }

    render(props) {
      return fn(props);
    }
  }
  Pure.displayName = fn.name;
  return Pure;
}
