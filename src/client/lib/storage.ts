/** localStorage keys of the web client. (Their own module: the landing's install banner reads them without the app.) */
export const STORAGE = {
  rememberedEmail: 'rememberedEmail',
  rememberMe: 'rememberMe',
  installDismissed: 'installBannerDismissed',
  installed: 'appInstalled',
} as const;
