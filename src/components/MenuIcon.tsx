import {
  Bell,
  ClipboardList,
  Headset,
  ChartLine,
  Circle,
  Cpu,
  FileText,
  Globe,
  KeyRound,
  LayoutDashboard,
  ListTree,
  MessageSquareText,
  Newspaper,
  ScrollText,
  Send,
  Server,
  Settings,
  Shield,
  Sparkles,
  UserPlus,
  Users,
  Wallet,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/** The icons menus name (lucide names, kebab-case); an unknown name shows a dot. */
const MENU_ICONS: Record<string, LucideIcon> = {
  bell: Bell,
  'clipboard-list': ClipboardList,
  headset: Headset,
  'layout-dashboard': LayoutDashboard,
  'chart-line': ChartLine,
  globe: Globe,
  server: Server,
  send: Send,
  'file-text': FileText,
  newspaper: Newspaper,
  sparkles: Sparkles,
  'message-square-text': MessageSquareText,
  wallet: Wallet,
  'key-round': KeyRound,
  'user-plus': UserPlus,
  settings: Settings,
  users: Users,
  shield: Shield,
  'list-tree': ListTree,
  'scroll-text': ScrollText,
  cpu: Cpu,
};

export function MenuIcon({ name, ...props }: { name: string | undefined } & LucideProps) {
  const Icon = (name && MENU_ICONS[name]) || Circle;
  return <Icon size={18} strokeWidth={1.8} aria-hidden="true" {...props} />;
}
