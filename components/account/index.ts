export { AccountSettings } from './AccountSettings';
