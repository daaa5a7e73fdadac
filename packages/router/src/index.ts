export {
  BrowserRouter,
  Link,
  Navigate,
  useLocation,
  useNavigate,
  useSearchParams,
  type LinkProps,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type SetSearchParams,
} from './router.js';
export { Outlet, Route, Routes, type RouteProps } from './routes.js';
export type { SearchParamsInit } from './navigation.js';
