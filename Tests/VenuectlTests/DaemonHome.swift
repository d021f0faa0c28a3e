/// The name VenuedTests' files give a test home (`DaemonProcess.Home()`), so that tests
/// of venuectl alone move here from there unchanged. No venued starts in this target.
enum DaemonProcess {
    typealias Home = TestHome
}
