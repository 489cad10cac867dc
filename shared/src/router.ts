// @almacen/shared/router — the part of React Router the portal uses, shared as ONE Module
// Federation singleton (rspack.shared.ts) in place of the react-router-dom package. A
// shared package is never tree-shaken: sharing react-router-dom shipped all of React Router 7
// (≈ 53 KB compressed: data routers, server rendering, framework mode) to every visitor; this
// module is built like any other, so only what it re-exports travels (≈ 13 KB). Being one module,
// it is still one router context for the shell and every remote. Everything imports routing from
// here (eslint.config.mjs refuses react-router and react-router-dom elsewhere); a page that needs
// more of React Router adds it to this list.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { InitialEntry, Location, NavigateFunction, NavigateOptions } from 'react-router-dom';
