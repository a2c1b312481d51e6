// The slice of Electron's API that electron/ uses, written by hand: the `electron` package is an
// optional dependency whose binary cannot be downloaded on CI, so its own typings are not always
// installed. Only what we call is declared, with Electron's own names and signatures (Electron 45);
// main.ts loads the real module at run time and types it with `ElectronMain`.

/** `event` of Electron's cancellable events (will-navigate, before-quit, ...). */
export interface PreventableEvent {
  preventDefault(): void;
}

export type WindowOpenResponse = { action: 'deny' } | { action: 'allow'; overrideBrowserWindowOptions?: BrowserWindowOptions };

export interface WebPreferences {
  preload?: string;
  contextIsolation: boolean;
  sandbox: boolean;
  nodeIntegration: boolean;
  nodeIntegrationInWorker: boolean;
  nodeIntegrationInSubFrames: boolean;
  webSecurity: boolean;
  allowRunningInsecureContent: boolean;
  experimentalFeatures: boolean;
  webviewTag: boolean;
  navigateOnDragDrop: boolean;
  safeDialogs: boolean;
  spellcheck: boolean;
  disableBlinkFeatures?: string;
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BrowserWindowOptions {
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth?: number;
  minHeight?: number;
  show?: boolean;
  title?: string;
  icon?: string;
  backgroundColor?: string;
  webPreferences: WebPreferences;
}

export interface PermissionRequestDetails {
  requestingUrl?: string;
}

export interface HeadersReceivedDetails {
  url: string;
  responseHeaders?: Record<string, string[]>;
}

export interface Session {
  setPermissionRequestHandler(
    handler: (contents: WebContents, permission: string, callback: (granted: boolean) => void, details: PermissionRequestDetails) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: WebContents | null, permission: string, requestingOrigin: string) => boolean): void;
  webRequest: {
    onHeadersReceived(
      filter: { urls: string[] },
      listener: (details: HeadersReceivedDetails, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void,
    ): void;
  };
}

export interface WebContents {
  session: Session;
  getURL(): string;
  reload(): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableEvent, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenResponse): void;
}

export interface BrowserWindow {
  webContents: WebContents;
  loadURL(url: string): Promise<void>;
  show(): void;
  focus(): void;
  restore(): void;
  maximize(): void;
  isMinimized(): boolean;
  isMaximized(): boolean;
  isDestroyed(): boolean;
  getNormalBounds(): Rectangle;
  setTitle(title: string): void;
  on(event: 'close' | 'closed', listener: () => void): void;
  on(event: 'page-title-updated', listener: (event: PreventableEvent, title: string) => void): void;
  once(event: 'ready-to-show', listener: () => void): void;
}

export interface MenuItemOptions {
  label?: string;
  role?: string;
  type?: 'separator' | 'submenu' | 'normal';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItemOptions[];
}

export interface MessageBoxOptions {
  type?: 'none' | 'info' | 'error' | 'question' | 'warning';
  title?: string;
  message: string;
  detail?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
}

export interface ElectronApp {
  isPackaged: boolean;
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<void>;
  quit(): void;
  exit(code?: number): void;
  getPath(name: 'userData' | 'appData'): string;
  setPath(name: 'userData', path: string): void;
  setName(name: string): void;
  on(event: 'second-instance' | 'window-all-closed' | 'activate', listener: () => void): void;
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): void;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): void;
}

/** The main-process exports main.ts uses. */
export interface ElectronMain {
  app: ElectronApp;
  BrowserWindow: new (options: BrowserWindowOptions) => BrowserWindow;
  Menu: {
    buildFromTemplate(template: MenuItemOptions[]): unknown;
    setApplicationMenu(menu: unknown): void;
  };
  clipboard: { writeText(text: string): void };
  shell: { openExternal(url: string): Promise<void>; openPath(path: string): Promise<string> };
  dialog: {
    showMessageBox(window: BrowserWindow | undefined, options: MessageBoxOptions): Promise<{ response: number }>;
    showSaveDialog(
      window: BrowserWindow | undefined,
      options: { title?: string; defaultPath?: string; filters?: { name: string; extensions: string[] }[] },
    ): Promise<{ canceled: boolean; filePath?: string }>;
    showErrorBox(title: string, content: string): void;
  };
  screen: { getAllDisplays(): { workArea: Rectangle }[] };
}
