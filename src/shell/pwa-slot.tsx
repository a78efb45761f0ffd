// Mount point for the PWA engineer's InstallBanner and UpdateModal (SPEC §2). The root renders
// <PwaSlot />; fill it with those components when they exist. Renders nothing for now.
export default function PwaSlot() {
  return null;
}
