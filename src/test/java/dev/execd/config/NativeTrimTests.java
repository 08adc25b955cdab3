package dev.execd.config;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import org.awaitility.Awaitility;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link NativeTrim}: a round trims only after a collection, the JVM's own trim and
 * {@code 0s} turn the rounds off, and glibc's {@code malloc_trim} is called for real.
 */
class NativeTrimTests {

	@Test
	void aRoundTrimsOnlyWhenACollectionRanSinceTheLast() {
		AtomicInteger trims = new AtomicInteger();
		AtomicLong collections = new AtomicLong(7);
		try (NativeTrim trim = new NativeTrim(Duration.ZERO, trims::incrementAndGet, collections::get)) {
			assertThat(trim.round()).as("the first round").isTrue();
			assertThat(trim.round()).as("no collection since").isFalse();
			collections.addAndGet(2);
			assertThat(trim.round()).isTrue();
			assertThat(trim.round()).isFalse();
			assertThat(trims).hasValue(2);
		}
	}

	@Test
	void leavesTheTrimToTheJvmWhenTheCommandLineAskedItTo() {
		assertThat(NativeTrim.jvmTrims(vm("5000"))).isTrue();
		assertThat(NativeTrim.jvmTrims(vm("0"))).isFalse();
		assertThat(NativeTrim.jvmTrims(vm("0", VMOption.Origin.VM_CREATION))).as("0 given: no trim at all").isTrue();
		assertThat(NativeTrim.jvmTrims(vm(null))).as("a JVM without the flag").isFalse();
		assertThat(NativeTrim.jvmTrims(null)).isFalse();
		try (NativeTrim trim = NativeTrim.start(Duration.ofHours(1), vm("5000"))) {
			assertThat(trim.running()).isFalse();
		}
	}

	@Test
	void runsRoundsUntilClosedUnlessOff() {
		try (NativeTrim off = NativeTrim.start(Duration.ZERO, vm("0"))) {
			assertThat(off.running()).isFalse();
		}
		NativeTrim on = NativeTrim.start(Duration.ofHours(1), vm("0"));
		try {
			assertThat(on.running()).isTrue();
		}
		finally {
			on.close();
		}
		Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> !on.running());
	}

	@Test
	void callsGlibcsMallocTrimOnThisMachine() {
		IntSupplier mallocTrim = NativeTrim.glibcTrim();
		assertThat(mallocTrim).as("glibc's malloc_trim").isNotNull();
		// 1 when memory went back to the system, 0 when there was none to give.
		assertThat(mallocTrim.getAsInt()).isIn(0, 1);
	}

	private static HotSpotDiagnosticMXBean vm(@Nullable String trimInterval) {
		return vm(trimInterval, "0".equals(trimInterval) ? VMOption.Origin.DEFAULT : VMOption.Origin.VM_CREATION);
	}

	private static HotSpotDiagnosticMXBean vm(@Nullable String trimInterval, VMOption.Origin origin) {
		return (HotSpotDiagnosticMXBean) Proxy.newProxyInstance(NativeTrimTests.class.getClassLoader(),
				new Class<?>[] { HotSpotDiagnosticMXBean.class }, (proxy, method, args) -> {
					if (!method.getName().equals("getVMOption") || !"TrimNativeHeapInterval".equals(args[0])) {
						throw new UnsupportedOperationException(method.getName());
					}
					if (trimInterval == null) {
						throw new IllegalArgumentException("VM option \"" + args[0] + "\" does not exist");
					}
					return new VMOption("TrimNativeHeapInterval", trimInterval, false, origin);
				});
	}

}
