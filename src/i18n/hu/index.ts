import type { Translation } from '../i18n-types.ts';

const hu = {
  site: {
    titleTemplate: '{page} | Parcelo',
    skipToContent: 'Ugrás a tartalomra',
  },
  notice: {
    info: 'Információ',
    warning: 'Figyelem',
  },
  header: {
    homeLink: 'Parcelo – főoldal',
    menu: 'Menü',
    closeMenu: 'Menü bezárása',
    mainNavigation: 'Főnavigáció',
    loginNavigation: 'Bejelentkezés az ügyfélzónákba',
  },
  language: {
    label: 'Nyelv',
    name: 'Magyar',
  },
  footer: {
    label: 'Lábléc',
    social: 'Kövessen minket',
    apps: 'Mobilalkalmazások',
  },
  notFound: {
    title: 'Az oldal nem található',
  },
  error: {
    tryAgain: 'Próbálja újra',
  },
  refusal: {
    badRequest: 'A kérés érvénytelen. Ellenőrizze az oldal címét.',
    methodNotAllowed: 'Ez az oldal nem fogad ilyen kérést.',
    requestTimeout: 'A kérés túl sokáig érkezett. Kérjük, próbálja újra.',
    payloadTooLarge: 'Az elküldött adatok túl nagyok.',
    headersTooLarge: 'A kérés túl nagy. Törölje az oldal sütijeit, és próbálja újra.',
  },
  form: {
    helpFor: 'Súgó: {field}',
    sectionCountry: 'Honnan küldi a csomagot?',
    countryLabel: 'Feladó országa',
    countryHelp: 'Az ország, ahonnan a csomagot küldi. Ennek alapján kínáljuk fel az átadás módjait.',
    selectPlaceholder: 'Válasszon országot…',
    selectLoading: 'Betöltés…',
    selectNoOptions: 'Nincs találat',
    selectClear: 'Törlés',
    selectOpen: 'Megnyitás',
    selectClose: 'Bezárás',
    selectGuidance:
      'A fel és le nyíllal lépkedjen az országok között, az Enter billentyűvel válassza ki az országot, az Escape billentyűvel zárja be a listát.',
    selectChosen: '{label}, kiválasztva.',
    selectCleared: 'Az ország kiválasztása törölve.',
    selectFocused: '{label}, {index}. elem, összesen {count}.',
    selectResults: 'Talált országok száma: {count}.',
    sectionLabel: 'Címkével vagy anélkül?',
    labelPrint: 'Címkével',
    labelPrintText: 'A címkét kinyomtatja, és felragasztja a csomagra.',
    labelQr: 'Címke nélkül (QR-kód)',
    labelQrText: 'A csomagponton egy SmartPIN-t tartalmazó QR-kódot mutat fel. Nem kell semmit nyomtatnia.',
    needTitle: 'Amire szüksége lesz',
    needBox: 'doboz',
    needFilling: 'töltőanyag',
    needPrinter: 'nyomtató',
    sectionHandover: 'Hogyan adja át a csomagot?',
    handoverPickup: 'Csomagponton',
    handoverDriver: 'Futáros csomagfelvétel',
    handoverPickupTextHome: 'A becsomagolt csomagot vigye bármelyik csehországi csomagpontunkra.',
    handoverPickupTextAbroad:
      'A becsomagolt csomagot vigye partnerünk egyik csomagpontjára az Ön országában.',
    handoverDriverTextHome:
      'A futár a feladó címén veszi fel a csomagot. Az időpontról e\u2011mailben értesítjük.',
    handoverDriverTextAbroad: 'Partnerünk futára a feladó címén veszi fel a csomagot.',
    mapHome: 'Csehországi csomagpontok térképe',
    mapAbroad: 'Külföldi csomagpontok térképe',
    parcelSizeNote:
      'Nem minden csomagpont vesz át minden méretű csomagot. Mielőtt elindul, ellenőrizze a térképen, milyen méretűt vesz át.',
    paidTitle: 'Fizetős szolgáltatás',
    paidText: 'Biztosan aktiválja ezt a szolgáltatást? Ez a szolgáltatás díjköteles.',
    paidConfirm: 'Megerősítés',
    paidCancel: 'Mégse',
    sectionContact: 'Elérhetőségek',
    senderTitle: 'Feladó',
    name: 'Név / cégnév',
    street: 'Utca, házszám',
    city: 'Település',
    zipCode: 'Irányítószám',
    email: 'E-mail',
    emailHelp: 'Erre az e\u2011mail-címre küldjük el a címkét vagy a QR-kódot.',
    phone: 'Telefonszám',
    optional: 'nem kötelező',
    customerReference: 'Rendelésszám vagy hivatkozási szám',
    customerReferenceHelp: 'Ennek alapján a webáruház a visszaküldést az Ön rendeléséhez tudja kapcsolni.',
    recipientTitle: 'Címzett',
    suggestions: 'Címjavaslatok',
    suggestionsCount:
      'Címjavaslatok száma: {count}. Válasszon a nyílbillentyűkkel, és erősítse meg az Enter billentyűvel.',
    termsPersons: 'Elfogadom a magánszemélyekre vonatkozó általános szerződési feltételeket',
    termsCompanies: 'Elfogadom a cégekre vonatkozó üzleti feltételeket',
    termsLink: 'feltételek',
    privacyNotice:
      'Személyes adatait kizárólag a küldemény visszaküldése céljából kezeljük. További részletek az adatkezelési tájékoztatóban.',
    privacyLink: 'Személyes adatok kezelése',
    submit: 'Adatok elküldése',
    submitting: 'Küldés…',
    tooManyAttempts:
      'Erről a hálózatról túl sok küldési kísérlet érkezett. Próbálja újra {wait} múlva. A megadott adatok megmaradnak az űrlapon.',
    storeUnavailable:
      'A visszaküldést most rövid ideig nem tudjuk fogadni. Kérjük, küldje el újra {wait} múlva. A megadott adatok megmaradnak az űrlapon.',
    // Hungarian (Intl.PluralRules 'hu': one, other) keeps the noun singular after a number
    // ('1 perc', '5 perc'), so both forms are the same word and no plural part is needed.
    waitMinutes: '{count} perc',
    waitSeconds: '{count} másodperc',
    documentNote: 'A dokumentum mérete körülbelül 120 kB.',
    errorSummary: 'Töltse ki az összes kötelező mezőt.',
    // The page's title when the server sends the form back with errors: a screen reader says it first.
    errorTitle: 'Hiba: {title}',
    errorRequired: 'Kérjük, töltse ki ezt a mezőt.',
    errorEmail: 'Adjon meg érvényes e\u2011mail-címet.',
    errorPhone: 'A telefonszám legfeljebb 30 karakterből állhat.',
    errorTooLong: 'A szöveg túl hosszú.',
    errorCharacters:
      'A szöveg nem engedélyezett rejtett karaktereket tartalmaz, például sortörést vagy tabulátort. Gépelje be újra kézzel, ne illessze be.',
    errorRefused: 'Ezt az adatot nem tudtuk elfogadni. Ellenőrizze, és küldje el újra az űrlapot.',
    errorTerms: 'Az elküldéshez el kell fogadnia a feltételeket.',
    errorQrUnavailable:
      'Címke nélkül (QR-kóddal) csak Csehországból lehet csomagot visszaküldeni, ezért a nyomtatott címke van kiválasztva.',
    errorDriverUnavailable:
      'Ebből az országból ennél a visszaküldésnél nem kérhető futáros csomagfelvétel, ezért a csomagpont van kiválasztva.',
    scriptsRequired:
      'Ennek az űrlapnak JavaScriptre van szüksége, hogy ellenőrizze, ember küldi-e el. Kapcsolja be a JavaScriptet, és küldje el újra: minden megadott adat megmarad.',
    tooLarge:
      'Az űrlap túl nagy volt, ezért nem lehetett elküldeni, és most üres. Kérjük, töltse ki újra, majd küldje el.',
    honeypotLabel: 'Ezt a mezőt hagyja üresen',
    creationFailed: 'Hiba történt a küldemény létrehozásakor. A művelet nem fejeződött be.',
  },
  success: {
    title: 'Kész, a visszaküldés létrejött',
    description:
      'A küldemény sikeresen létrejött. A küldemény címkéjét elküldtük a megadott e\u2011mail-címre.',
    infoLabelPickup:
      'Nyomtassa ki a címkét, ragassza fel a csomagra, és vigye a csomagot bármelyik csomagpontra.',
    infoLabelDriver:
      'Nyomtassa ki a címkét, és ragassza fel a csomagra. A futár az Ön címén veszi fel a csomagot.',
    infoQrPickup:
      'A csomagponton mutassa fel a QR-kódot. A címkét a személyzet nyomtatja ki és ragasztja fel, Önnek semmit sem kell nyomtatnia.',
    infoQrDriver:
      'Mutassa meg a QR-kódot a futárnak. A címkét ő nyomtatja ki és ragasztja fel, Önnek semmit sem kell nyomtatnia.',
    preparing: 'Előkészítés…',
    checkAgain: 'Ellenőrzés újra',
    downloadLabel: 'Címke letöltése',
    downloadQr: 'QR-kód letöltése',
    downloadA4: 'Letöltés A4-es nyomtatáshoz',
    downloadFailed: 'A letöltés nem sikerült. Próbálja újra.',
    linkExpired: 'A letöltési link időközben lejárt. Itt egy új: töltse le újra a fájlt.',
    qrTitle: 'Az Ön QR-kódja',
    qrHint: 'Mutassa fel ezt a kódot a telefonja képernyőjén. Semmit sem kell kinyomtatnia.',
    qrAlt: 'QR-kód a csomag átadásához',
    smartPin: 'SmartPIN',
    returnOrdering: 'A visszaküldési oldal megnyitása',
    newTab: '(új ablakban nyílik meg)',
    howToPack: 'Így csomagolja be a csomagot (PDF)',
    tipsTitle: 'Mielőtt átadja a csomagot',
    tipPrint: 'A címkét A4-es lapra vagy 10 × 15 cm-es öntapadós címkére nyomtassa, kicsinyítés nélkül.',
    tipStick: 'Ragassza a csomag legnagyobb oldalára, a régi címkék fölé.',
    tipBarcode: 'A vonalkód nem hajolhat át a csomag élén, és nem lehet ragasztószalaggal leragasztva.',
    emailed: 'A címkét e\u2011mailben is elküldtük Önnek.',
    emailedQr: 'A QR-kódot e\u2011mailben is elküldtük Önnek.',
    another: 'Újabb küldemény visszaküldése',
    home: 'Ugrás a Parcelo főoldalára',
    readyLabel: 'A címke készen áll a letöltésre.',
    readyQr: 'A QR-kód készen áll a letöltésre.',
    timelineTitle: 'Hol jár a csomagja',
    eventLabelCreated: 'A címke elkészült',
    eventHandedOver: 'Leadva a csomagponton: {place}',
    eventCollected: 'A futár átvette',
    eventInTransit: 'Úton a webáruházhoz',
    eventDelivered: 'Kézbesítve a webáruháznak. A vételár visszatérítéséről érdeklődjön a webáruháznál.',
    eventNotCollected:
      'A futár nem vette át a csomagot. Egyeztessen új időpontot, vagy vigye el egy csomagpontra.',
    eventReturned: 'A csomag visszaúton van Önhöz.',
    trackingLink: 'Csomagkövetés a fuvarozó oldalán',
    openOnPhone: 'Nyissa meg ezt az oldalt a telefonján',
    openOnPhoneHint:
      'Olvassa be a kódot a telefonja kamerájával, majd a csomagponton a telefonjáról mutassa fel a QR-kódot.',
    openOnPhoneAlt: 'QR-kód ennek az oldalnak a címével',
  },
} satisfies Translation;

export default hu;
