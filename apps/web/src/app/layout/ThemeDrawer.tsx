import { Button, ColorPicker, Drawer, Form, Switch } from 'antd';
import { DEFAULT_SETTINGS, updateSettings, useSettings } from '../../lib/settings';

const PRESET_COLOURS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

export function ThemeDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const settings = useSettings();
  return (
    <Drawer title="主题设置" open={open} onClose={onClose} size={300}>
      <Form layout="horizontal" labelCol={{ span: 12 }} wrapperCol={{ span: 12 }} colon={false}>
        <Form.Item label="主题颜色">
          <ColorPicker
            value={settings.theme}
            presets={[{ label: '推荐', colors: PRESET_COLOURS }]}
            onChangeComplete={(colour) => updateSettings({ theme: colour.toHexString() })}
          >
            {/* A button, so that the keyboard opens the picker and the label belongs to a control. */}
            <Button aria-label="主题颜色" icon={<span className="theme-swatch" style={{ background: settings.theme }} />} />
          </ColorPicker>
        </Form.Item>
        <Form.Item label="显示标签栏">
          <Switch aria-label="显示标签栏" checked={settings.tagsView} onChange={(tagsView) => updateSettings({ tagsView })} />
        </Form.Item>
        <Form.Item label="固定头部">
          <Switch aria-label="固定头部" checked={settings.fixedHeader} onChange={(fixedHeader) => updateSettings({ fixedHeader })} />
        </Form.Item>
        <Form.Item label="侧边栏 Logo">
          <Switch aria-label="侧边栏 Logo" checked={settings.sidebarLogo} onChange={(sidebarLogo) => updateSettings({ sidebarLogo })} />
        </Form.Item>
        <Form.Item label=" ">
          <a onClick={() => updateSettings(DEFAULT_SETTINGS)}>恢复默认</a>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
