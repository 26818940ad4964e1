/** The membership promotion of SPEC §1, with its banner image. */
export default function PromoBanner() {
  return (
    <section aria-label="Promotion" className="bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-4 sm:px-6 md:flex-row lg:px-8">
        <img
          src="/images/banner.svg"
          alt="Membership offer: 20% off electronics"
          width={1200}
          height={400}
          // The largest thing on the shopper's first screen: fetched ahead of the scripts.
          fetchPriority="high"
          className="aspect-[3/1] w-full rounded-md object-cover md:w-1/2"
        />
        <p className="text-center text-base font-semibold text-brand-900 md:text-left md:text-lg">
          Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!
        </p>
      </div>
    </section>
  );
}
