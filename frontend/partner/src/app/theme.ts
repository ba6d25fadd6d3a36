import type { ThemeConfig } from 'antd/es/config-provider';

/** Green/teal wellness theme; the same colours as the CSS variables in styles.css. */
export const theme: ThemeConfig = {
  hashed: false,
  zeroRuntime: true,
  token: {
    colorPrimary: '#0d7d67',
    // antd derives a lighter hover (#248a72: 4.2:1 behind white text); darker keeps 4.5:1 and more
    colorPrimaryHover: '#0b715d',
    colorPrimaryActive: '#08604f',
    colorInfo: '#0d7d67',
    colorSuccess: '#1f9d55',
    colorWarning: '#d48806',
    colorError: '#d4380d',
    colorLink: '#0d7d67',
    colorLinkHover: '#0b715d',
    colorLinkActive: '#08604f',
    colorText: '#1c2b28',
    colorTextSecondary: '#4d5f5b',
    // help texts (Form.Item extra), descriptions: antd's default grey is below 4.5:1 on white
    colorTextDescription: '#5f716c',
    colorTextTertiary: '#5f716c',
    // placeholders (a Select's placeholder is text on the page): 4.5:1 even on a disabled field's grey
    colorTextPlaceholder: '#617370',
    colorBorder: '#d3e2dd',
    colorBorderSecondary: '#e4eeea',
    colorBgLayout: '#f4f8f7',
    borderRadius: 10,
    borderRadiusLG: 16,
    controlHeight: 40,
    controlHeightLG: 48,
    fontSize: 15,
    fontFamily:
      "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
  },
  components: {
    Button: { fontWeight: 600, primaryShadow: '0 6px 16px -8px rgba(13, 125, 103, 0.6)' },
    Card: { headerFontSize: 17 },
    Modal: { titleFontSize: 20 },
    Drawer: { paddingLG: 20 },
    Notification: { width: 360 },
  },
};
