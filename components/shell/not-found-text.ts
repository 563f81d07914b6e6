export const NOT_FOUND_MSG = '抱歉，您访问的页面不存在';
/** The 404's page title (the site's title template adds the site name). */
export const NOT_FOUND_TITLE = '页面不存在';
