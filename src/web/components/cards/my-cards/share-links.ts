/** Where the share dialog sends a card's link: LinkedIn, Weibo and a mail draft. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return {
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    weibo: `https://service.weibo.com/share/share.php?url=${u}&title=${text}`,
    mail: `mailto:?subject=${text}&body=${text}%0A${u}`,
  };
}
