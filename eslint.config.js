import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
      "app/paraglide/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // The boundary (docs/decisions/0011): the server reads what the business is made of, the
    // site's content and the shared helpers from app/, never a page's feature, component or route.
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~|(\\.\\./)+app)/(?!(domain|content|lib)(/|$))",
              message:
                "server/ may import from app/ only domain, content and lib: move what both need to app/domain.",
            },
          ],
        },
      ],
    },
  },
  {
    // The fence (docs/decisions/0018): a page reaches server code only through `*.server.ts`
    // modules, which React Router refuses to put in a browser bundle.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+server/(?!.*\\.server$)",
              message:
                "app/ reaches server/ only through *.server.ts modules: rename the module (name.server.ts) or import it from a *.server.ts module.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["e2e/support/*.js"],
    languageOptions: {
      globals: {
        window: "readonly",
        document: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
      },
    },
  },
  {
    files: ["scripts/**/*.js", "*.config.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
