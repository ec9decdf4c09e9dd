import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:slug", "routes/service-detail.tsx"),
  route("service-areas", "routes/service-areas.tsx"),
  route("service-areas/:state", "routes/service-area-state.tsx"),
  route("brands", "routes/brands.tsx"),
  route("reviews", "routes/reviews.tsx"),
  route("contact", "routes/contact.tsx"),
  route("policy", "routes/policy.tsx"),
  route("location", "routes/location.tsx"),
  route("403", "routes/forbidden.tsx"),
  route("helmet", "routes/helmet-demo.tsx"),
  route("modals/schedule", "routes/modals.schedule.tsx"),
  route("modals/example", "routes/modals.example.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
