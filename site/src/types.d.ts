// @docsearch/react ships its stylesheet entry without type declarations.
declare module '@docsearch/react/style';
